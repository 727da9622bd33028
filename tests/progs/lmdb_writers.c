/* Named writer threads of an embedded database, blocked on its writer
   lock: LMDB's write transactions take a process-shared, robust pthread
   mutex in the environment's lock file.  lmdb-writer-0 begins a write
   transaction and holds it; lmdb-writer-1 and lmdb-writer-2 then begin
   theirs, one after the other, and block on the lock until writer 0
   commits; each then writes and commits in turn.  So exactly 2 futex
   waits, both lock contention, both by threads named lmdb-writer-*.
   argv[1] is the data file.  For tests/tool_lmdb_waits.test. */
#define _GNU_SOURCE
#include <lmdb.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static MDB_env* env;
static MDB_dbi dbi;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int holding;

static void check(int rc)
{
   if (rc != 0) {
      fprintf(stderr, "%s\n", mdb_strerror(rc));
      _exit(2);
   }
}

static void nap(long ms)
{
   struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
   nanosleep(&ts, NULL);
}

static void put(MDB_txn* txn, long i)
{
   char key[16];
   MDB_val k = { 0, key }, v = { 5, "value" };
   k.mv_size = (size_t)snprintf(key, sizeof key, "key%ld", i);
   check(mdb_put(txn, dbi, &k, &v, 0));
}

__attribute__((noinline)) static void* writer(void* arg)
{
   long i = (long)arg;
   char name[16];
   MDB_txn* txn;
   snprintf(name, sizeof name, "lmdb-writer-%ld", i);
   pthread_setname_np(pthread_self(), name);
   check(mdb_txn_begin(env, NULL, 0, &txn));
   if (i == 0) {
      pthread_mutex_lock(&m);
      holding = 1;
      pthread_cond_signal(&c);
      pthread_mutex_unlock(&m);
      nap(1200);              /* the others block meanwhile */
   }
   put(txn, i);
   check(mdb_txn_commit(txn));
   return NULL;
}

int main(int argc, char** argv)
{
   pthread_t t[3];
   MDB_txn* txn;
   long i;
   if (argc < 2) return 1;
   unlink(argv[1]);
   check(mdb_env_create(&env));
   check(mdb_env_set_mapsize(env, 1 << 20));
   check(mdb_env_open(env, argv[1], MDB_NOSUBDIR, 0600));
   check(mdb_txn_begin(env, NULL, 0, &txn));
   check(mdb_dbi_open(txn, NULL, 0, &dbi));
   check(mdb_txn_commit(txn));

   pthread_create(&t[0], NULL, writer, (void*)0);
   pthread_mutex_lock(&m);
   while (!holding)
      pthread_cond_wait(&c, &m);
   pthread_mutex_unlock(&m);
   /* Writer 1 blocks first, then writer 2. */
   pthread_create(&t[1], NULL, writer, (void*)1);
   nap(300);
   pthread_create(&t[2], NULL, writer, (void*)2);
   for (i = 0; i < 3; i++)
      pthread_join(t[i], NULL);
   mdb_env_close(env);
   return 0;
}
