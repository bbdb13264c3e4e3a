// GNU extensions of posix_spawn for the Swift launcher. See CChildProcesses.h.
#define _GNU_SOURCE
#include "CChildProcesses.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>

int widgetterm_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

int widgetterm_spawn_add_close_from(posix_spawn_file_actions_t *actions, int lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
#else
    DIR *directory = opendir("/proc/self/fd");
    if (directory == NULL) return errno;
    int own = dirfd(directory);
    int result = 0;
    struct dirent *entry;
    // Only the name's own bytes are read (it is NUL-terminated within the record), never the whole d_name.
    while (result == 0 && (entry = readdir(directory)) != NULL) {
        char *end = NULL;
        long number = strtol(entry->d_name, &end, 10);
        if (end == entry->d_name || *end != '\0' || number < lowest || number == own) continue;
        result = posix_spawn_file_actions_addclose(actions, (int)number);
    }
    closedir(directory);
    return result;
#endif
}
