// C++14 sized delete with the right size and with wrong ones: each wrong
// one is reported (the block's size and the size given) and the block is
// freed all the same, as libstdc++ frees it.  Nothing is left live.
// Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.
#include <new>
int main()
{
   void* p = ::operator new(100);
   ::operator delete(p, 100);                          // right
   void* q = ::operator new(100);
   ::operator delete(q, 64);                           // wrong: 100, 64
   void* r = ::operator new[](48);
   ::operator delete[](r, 40);                         // wrong: 48, 40
   void* a = ::operator new(256, std::align_val_t(64));
   ::operator delete(a, 200, std::align_val_t(64));    // wrong: 256, 200
   void* b = ::operator new[](96, std::align_val_t(32));
   ::operator delete[](b, 96, std::align_val_t(32));   // right
   return 0;
}
