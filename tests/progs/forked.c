/* The parent leaks 111 bytes and forks; the child leaks 222 bytes and
   exits with status 7; the parent waits and exits 0. */
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
void* keep[2];
int main(void)
{
   keep[0] = malloc(111);
   pid_t pid = fork();
   if (pid == 0) {
      keep[1] = malloc(222);
      _exit(7);
   }
   int st;
   waitpid(pid, &st, 0);
   return WIFEXITED(st) && WEXITSTATUS(st) == 7 ? 0 : 1;
}
