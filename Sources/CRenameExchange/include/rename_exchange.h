#ifndef RENAME_EXCHANGE_SHIM_H
#define RENAME_EXCHANGE_SHIM_H

/// Atomically swaps two paths (Linux renameat2 RENAME_EXCHANGE). Returns 0 on success, -1 with errno
/// set otherwise (ENOSYS/EINVAL where the kernel or file system cannot exchange).
int rws_rename_exchange(const char *from, const char *to);

#endif
