/* An embedded database: a thread of role "db" opens an LMDB environment
   (one data file, argv[1], and its lock file argv[1]-lock) with a map
   of 4 MiB, writes a record and leaves the environment open, so that
   its map is live at exit.  For tests/tool_maps.test. */
#include <lmdb.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "asynctrace.h"

#define MAP_SIZE (4 * 1024 * 1024)
static const char* path;
static MDB_env* env;

static void check(int rc)
{
   if (rc != 0) {
      const char* s = mdb_strerror(rc);
      write(2, s, strlen(s));
      write(2, "\n", 1);
      _exit(2);
   }
}

__attribute__((noinline)) static void* opener(void* arg)
{
   MDB_txn* txn;
   MDB_dbi  dbi;
   MDB_val  k = { 3, "key" }, v = { 5, "value" };
   ASYNCTRACE_SET_ROLE("db");
   check(mdb_env_create(&env));
   check(mdb_env_set_mapsize(env, MAP_SIZE));
   check(mdb_env_open(env, path, MDB_NOSUBDIR, 0600));
   check(mdb_txn_begin(env, NULL, 0, &txn));
   check(mdb_dbi_open(txn, NULL, 0, &dbi));
   check(mdb_put(txn, dbi, &k, &v, 0));
   check(mdb_txn_commit(txn));
   return NULL;
}

int main(int argc, char** argv)
{
   pthread_t t;
   if (argc < 2) return 1;
   path = argv[1];
   unlink(path);
   pthread_create(&t, NULL, opener, NULL);
   pthread_join(t, NULL);
   return 0;
}
