/* Runs a shell command with system(): glibc forks (or vforks) a child
   that execs /bin/sh at once.  Then forks a child that allocates 64
   bytes before it execs /bin/true.  Exits 0. */
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
void* keep;
int main(void)
{
   if (system("exit 0") != 0)
      return 1;
   pid_t pid = fork();
   if (pid == 0) {
      keep = malloc(64);
      execl("/bin/true", "true", (char*)NULL);
      _exit(127);
   }
   int st;
   waitpid(pid, &st, 0);
   return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : 1;
}
