#ifndef CCHILDPROCESSES_H
#define CCHILDPROCESSES_H

#include <spawn.h>

/// glibc's posix_spawn file actions that Swift's Glibc module does not import (they are GNU extensions,
/// declared only with _GNU_SOURCE). Each returns 0 or an errno value, as the posix_spawn functions do.

/// The child changes its working directory to `path` before it runs the program
/// (`posix_spawn_file_actions_addchdir_np`, glibc 2.29).
int widgetterm_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *path);

/// The child closes every descriptor from `lowest` up before it runs the program
/// (`posix_spawn_file_actions_addclosefrom_np`, glibc 2.34). With an older glibc, one close action is added
/// for each descriptor listed in /proc/self/fd now (a descriptor opened later by another thread is then
/// inherited unless it is close-on-exec).
int widgetterm_spawn_add_close_from(posix_spawn_file_actions_t *actions, int lowest);

#endif
