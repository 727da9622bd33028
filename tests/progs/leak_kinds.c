/* One of each of memcheck's leak kinds, on the main thread:
   - definitely lost: 1 block of 111 bytes (lose_plain) and a list head
     of 48 bytes (lose_list) whose 3 nodes of 64 bytes are indirectly
     lost (192 bytes);
   - possibly lost: 1 block of 333 bytes known only by a pointer into
     its middle (keep_interior);
   - still reachable: 1 block of 444 bytes in a global (keep_global).
   Each is made in a function of its own that leaves no copy of the
   pointer in its frame or in scratch registers. */
#include <stdlib.h>
#include <string.h>
#include "clean_stack.h"

struct node { struct node* next; char pad[56]; };

void* global_ptr;
char* interior_ptr;

__attribute__((noinline)) void lose_plain(void)
{
   volatile char* p = malloc(111);
   p[0] = 1;
   p = 0;
   CLEAR_SCRATCH();
}

__attribute__((noinline)) void lose_list(void)
{
   struct node* volatile head = malloc(48);
   struct node* n = NULL;
   for (int i = 0; i < 3; i++) {
      struct node* x = malloc(sizeof(struct node));   /* 64 */
      x->next = n;
      n = x;
   }
   head->next = n;
   n = NULL;
   head = NULL;
   CLEAR_SCRATCH();
}

__attribute__((noinline)) void keep_interior(void)
{
   char* p = malloc(333);
   interior_ptr = p + 100;
   p = NULL;
   CLEAR_SCRATCH();
}

__attribute__((noinline)) void keep_global(void)
{
   global_ptr = malloc(444);
   CLEAR_SCRATCH();
}

int main(void)
{
   lose_plain();
   lose_list();
   keep_interior();
   keep_global();
   scrub();
   CLEAR_SCRATCH();
   return 0;
}
