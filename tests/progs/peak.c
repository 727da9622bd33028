/* A known peak: thread A (grow_a) holds 60 blocks of 1000 bytes, then
   thread B (grow_b) adds 40 more: 100,000 bytes live at the peak, 60,000
   of them in role a and 40,000 in role b.  Everything is freed, then
   main allocates 50 blocks of 1000 bytes and frees them. */
#include <pthread.h>
#include <stdlib.h>
static void* held[100];
__attribute__((noinline)) void grow_a(void) { for (int i = 0; i < 60; i++) held[i] = malloc(1000); }
__attribute__((noinline)) void grow_b(void) { for (int i = 60; i < 100; i++) held[i] = malloc(1000); }
static void* a(void* x) { grow_a(); return NULL; }
static void* b(void* x) { grow_b(); return NULL; }
int main(void)
{
   pthread_t t;
   pthread_create(&t, NULL, a, NULL);
   pthread_join(t, NULL);
   pthread_create(&t, NULL, b, NULL);
   pthread_join(t, NULL);
   for (int i = 0; i < 100; i++) free(held[i]);
   for (int i = 0; i < 50; i++) held[i] = malloc(1000);
   for (int i = 0; i < 50; i++) free(held[i]);
   return 0;
}
