/*--------------------------------------------------------------------*/
/*--- asynctrace: thread roles from the code threads run.          ---*/
/*---                                                   at_roles.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_ROLES_H
#define __AT_ROLES_H

#include "at_basics.h"
#include "at_attr.h"
#include "at_threads.h"

/* The built-in roles, by name number.  Programs and --role= rules add
   names of their own after these. */
#define AT_ROLE_MAIN            0
#define AT_ROLE_TOKIO_WORKER    1
#define AT_ROLE_TOKIO_BLOCKING  2
#define AT_ROLE_TOKIO_BLOCK_ON  3
#define AT_ROLE_RAYON_WORKER    4
#define AT_ROLE_OTHER           5

/* A role instance: a role and the pool it belongs to (Tokio runtime 1,
   Rayon pool 2; 0 for none).  Events record instance numbers. */
typedef struct {
   UShort role;
   UInt   pool;
} AT_RoleInst;

UShort             AT_(role_intern)(const HChar* name);
const HChar*       AT_(role_name)(UShort role);
UShort             AT_(role_inst)(UShort role, UInt pool);
const AT_RoleInst* AT_(role_inst_info)(UShort inst);
/* A role instance as at_print names it, for what a person reads (the
   monitor's tables, error messages): "tokio-worker (runtime 1)",
   "rayon-worker (pool 2)", "main". */
void AT_(role_words)(UShort inst, HChar* buf, SizeT n);
UInt               AT_(n_role_insts)(void);

void AT_(roles_init)(void);              /* after options */
void AT_(roles_thread_start)(AT_Thread* t);

/* The thread named itself (--role=ROLE:name=GLOB). */
void AT_(roles_named)(AT_Thread* t, const HChar* name);

/* ASYNCTRACE_SET_ROLE */
void AT_(roles_set)(ThreadId tid, const HChar* role);

/* At the end: each thread's primary role and index in its pool, and the
   lifecycle figures of each role instance. */
typedef struct {
   ULong threads;        /* threads whose primary role this is */
   ULong peak_alive;     /* most of them alive at once */
   ULong ended;          /* of them, ended before exit */
   ULong alive_at_exit;
   ULong churn;          /* created beyond the peak: replacements */
   ULong insns;
} AT_RoleLife;

void AT_(roles_finish)(void);
const AT_RoleLife* AT_(role_life)(UShort inst);

#endif /* __AT_ROLES_H */
