// C++ new/delete: plain, array, aligned (C++17) and sized forms.
// Left live: one new int[25] (100 bytes) and one aligned new of
// struct Big (256 bytes, alignas 128).  Everything else is freed.
#include <cstdint>
#include <new>
struct alignas(128) Big { char b[256]; };
void* keep[2];
int main()
{
   int* one = new int(5);
   delete one;                       // sized delete (operator delete(void*, size_t))
   int* arr = new int[10];
   delete[] arr;
   Big* big = new Big;
   if (reinterpret_cast<std::uintptr_t>(big) % 128 != 0) return 1;
   delete big;                       // aligned (and sized) delete
   Big* bigs = new Big[2];
   delete[] bigs;
   keep[0] = new int[25];
   keep[1] = new Big;
   return 0;
}
