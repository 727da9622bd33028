// Calls a program gets wrong, each once: free of a stack address, a
// double free, realloc of a freed block, a calloc whose size overflows.
// The program checks it gets what glibc gives (NULL) and goes on.
#include <cstdlib>
int main()
{
   int bad = 0;
   int on_stack;
   std::free(&on_stack);                         // invalid free
   void* p = std::malloc(16);
   std::free(p);
   std::free(p);                                 // double free
   void* q = std::malloc(24);
   std::free(q);
   bad |= std::realloc(q, 48) != nullptr;        // realloc of freed
   volatile std::size_t huge = ~(std::size_t)0 / 2;
   bad |= std::calloc(huge, 4) != nullptr;       // calloc overflow
   return bad;
}
