// Routes Foundation's UserDefaults suites into the App Group store. See CAppGroupEnvironment.h.
//
// This runs from .preinit_array: before libc's and Foundation's constructors. libc has not yet set
// `environ` (it is reset to the original array by libc's own constructor), so the environment is read
// from the `envp` argument only, and never changed in place; a new environment is handed to execve.
#define _GNU_SOURCE
#include "CAppGroupEnvironment.h"

#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define STORE_PATH_CAPACITY (PATH_MAX + 1)
#define ENVIRONMENT_LIMIT 4096

static char store_directory[STORE_PATH_CAPACITY];
static int has_store_directory = 0;
static char scratch_directory[STORE_PATH_CAPACITY];
static int has_scratch_directory = 0;
static int routing_state = WIDGETTERM_APP_GROUP_NOT_RUN;
static char routing_problem[512];

const char *widgetterm_app_group_directory(void) { return has_store_directory ? store_directory : NULL; }

const char *widgetterm_app_group_scratch_directory(void) { return has_scratch_directory ? scratch_directory : NULL; }

int widgetterm_app_group_routing_state(void) { return routing_state; }

const char *widgetterm_app_group_routing_problem(void) { return routing_problem; }

/// The value of `name` in `envp`, or NULL.
static const char *lookup(char **envp, const char *name) {
    size_t length = strlen(name);
    for (char **entry = envp; entry && *entry; entry++) {
        if (strncmp(*entry, name, length) == 0 && (*entry)[length] == '=') return *entry + length + 1;
    }
    return NULL;
}

/// The value given to `--app-group` in `argv`, or NULL. Stops at `--`.
static const char *flag_value(int argc, char **argv) {
    static const char flag[] = "--app-group";
    size_t length = sizeof(flag) - 1;
    for (int index = 1; index < argc && argv[index]; index++) {
        const char *argument = argv[index];
        if (strcmp(argument, "--") == 0) return NULL;
        if (strncmp(argument, flag, length) != 0) continue;
        if (argument[length] == '=') return argument + length + 1;
        if (argument[length] == '\0') return index + 1 < argc ? argv[index + 1] : "";
    }
    return NULL;
}

/// True when the program is a SwiftPM test bundle (`...xctest`).
static int is_test_bundle(void) {
    char path[STORE_PATH_CAPACITY];
    ssize_t length = readlink("/proc/self/exe", path, sizeof(path) - 1);
    if (length <= 0) return 0;
    path[length] = '\0';
    static const char suffix[] = ".xctest";
    size_t suffix_length = sizeof(suffix) - 1;
    return (size_t)length >= suffix_length && strcmp(path + length - suffix_length, suffix) == 0;
}

static int remove_entry(const char *path, const struct stat *info, int flag, struct FTW *walk) {
    (void)info;
    (void)flag;
    (void)walk;
    return remove(path);
}

/// Removes the stores of test bundles that have exited (`widgetterm-tests-<pid>` of this user, whose
/// process no longer exists), so test runs do not pile up directories in the temporary directory.
static void remove_stale_test_stores(const char *temporary) {
    static const char prefix[] = "widgetterm-tests-";
    DIR *directory = opendir(temporary);
    if (!directory) return;
    struct dirent *entry;
    while ((entry = readdir(directory))) {
        if (strncmp(entry->d_name, prefix, sizeof(prefix) - 1) != 0) continue;
        char *end = NULL;
        long pid = strtol(entry->d_name + sizeof(prefix) - 1, &end, 10);
        if (!end || *end != '\0' || pid <= 0 || pid == (long)getpid()) continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue;  // alive, or not ours to judge
        char path[STORE_PATH_CAPACITY];
        int written = snprintf(path, sizeof(path), "%s/%s", temporary, entry->d_name);
        if (written <= 0 || (size_t)written >= sizeof(path)) continue;
        struct stat status;
        if (lstat(path, &status) != 0 || !S_ISDIR(status.st_mode) || status.st_uid != getuid()) continue;
        nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    }
    closedir(directory);
}

/// Writes the chosen store directory (absolute, no trailing slash) into `store_directory`, creating it when
/// `creates` is set (otherwise the path is only made absolute: a command that runs no widget code leaves no
/// store behind). Returns 0 on success.
static int choose_directory(int argc, char **argv, char **envp, int creates) {
    char chosen[STORE_PATH_CAPACITY];
    const char *flag = flag_value(argc, argv);
    const char *variable = lookup(envp, "WIDGETTERM_APP_GROUP");
    const char *cache = lookup(envp, "XDG_CACHE_HOME");
    const char *home = lookup(envp, "HOME");
    int written;
    if (flag && !*flag) {
        // An empty --app-group is a mistake, not a request for the default store.
        snprintf(routing_problem, sizeof(routing_problem), "--app-group is empty");
        return -1;
    }
    if (flag) {
        written = snprintf(chosen, sizeof(chosen), "%s", flag);
    } else if (variable && *variable) {
        written = snprintf(chosen, sizeof(chosen), "%s", variable);
    } else if (is_test_bundle()) {
        const char *temporary = lookup(envp, "TMPDIR");
        if (!temporary || *temporary != '/') temporary = "/tmp";
        remove_stale_test_stores(temporary);
        const char *guard = lookup(envp, "WIDGETTERM_APP_GROUP_EXECUTED");
        if (!guard || strtol(guard, NULL, 10) != (long)getpid()) {
            // First start of this process: a directory with this pid is left from an earlier process.
            char own[STORE_PATH_CAPACITY];
            written = snprintf(own, sizeof(own), "%s/widgetterm-tests-%ld", temporary, (long)getpid());
            struct stat status;
            if (written > 0 && (size_t)written < sizeof(own) && lstat(own, &status) == 0 && S_ISDIR(status.st_mode)
                && status.st_uid == getuid()) {
                nftw(own, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
            }
        }
        written = snprintf(chosen, sizeof(chosen), "%s/widgetterm-tests-%ld/app-group", temporary, (long)getpid());
    } else if (cache && *cache == '/') {
        written = snprintf(chosen, sizeof(chosen), "%s/widgetterm/app-group", cache);
    } else if (home && *home) {
        written = snprintf(chosen, sizeof(chosen), "%s/.cache/widgetterm/app-group", home);
    } else {
        snprintf(routing_problem, sizeof(routing_problem), "neither --app-group, XDG_CACHE_HOME nor HOME is set");
        return -1;
    }
    if (written <= 0 || (size_t)written >= sizeof(chosen)) {
        snprintf(routing_problem, sizeof(routing_problem), "the App Group directory path is longer than %d bytes", PATH_MAX);
        return -1;
    }
    if (chosen[0] != '/') {
        char current[STORE_PATH_CAPACITY];
        char relative[STORE_PATH_CAPACITY];
        if (!getcwd(current, sizeof(current))) {
            snprintf(routing_problem, sizeof(routing_problem), "cannot read the current directory (%s)", strerror(errno));
            return -1;
        }
        memcpy(relative, chosen, sizeof(relative));
        written = snprintf(chosen, sizeof(chosen), "%s/%s", current, relative);
        if (written <= 0 || (size_t)written >= sizeof(chosen)) {
            snprintf(routing_problem, sizeof(routing_problem), "the App Group directory path is longer than %d bytes", PATH_MAX);
            return -1;
        }
    }
    if (!creates) {
        memcpy(store_directory, chosen, sizeof(store_directory));
        has_store_directory = 1;
        return 0;
    }
    // Create every missing component (mode 0700: the store holds a person's data).
    for (char *slash = strchr(chosen + 1, '/');; slash = strchr(slash + 1, '/')) {
        if (slash) *slash = '\0';
        if (chosen[0] && mkdir(chosen, 0700) != 0 && errno != EEXIST) {
            snprintf(routing_problem, sizeof(routing_problem), "cannot create %s (%s)", chosen, strerror(errno));
            return -1;
        }
        if (!slash) break;
        *slash = '/';
    }
    if (!realpath(chosen, store_directory)) {
        snprintf(routing_problem, sizeof(routing_problem), "cannot resolve %s (%s)", chosen, strerror(errno));
        return -1;
    }
    has_store_directory = 1;
    return 0;
}

/// True when `path` is a directory (not a symbolic link) owned by this user.
static int is_own_directory(const char *path) {
    struct stat status;
    return lstat(path, &status) == 0 && S_ISDIR(status.st_mode) && status.st_uid == getuid();
}

/// Writes `<store>/.widgetterm/scratch/<pid>` into `scratch_directory`. Returns 0 on success.
static int name_scratch_directory(void) {
    int written = snprintf(scratch_directory, sizeof(scratch_directory), "%s/.widgetterm/scratch/%ld", store_directory, (long)getpid());
    if (written <= 0 || (size_t)written >= sizeof(scratch_directory)) {
        snprintf(routing_problem, sizeof(routing_problem), "the App Group directory path is too long for its scratch directory");
        return -1;
    }
    return 0;
}

/// Creates `path` (mode 0700) unless it is already a directory of this user; refuses anything else there (a
/// symbolic link planted in the store must not redirect Foundation's writes). Returns 0 on success.
static int make_own_directory(const char *path) {
    if (mkdir(path, 0700) != 0 && errno != EEXIST) {
        snprintf(routing_problem, sizeof(routing_problem), "cannot create %s (%s)", path, strerror(errno));
        return -1;
    }
    if (!is_own_directory(path)) {
        snprintf(routing_problem, sizeof(routing_problem), "%s is not a directory of this user (a symbolic link or another owner's)", path);
        return -1;
    }
    return 0;
}

/// Prepares this process's empty scratch directory, where Foundation writes its plists (see the header), and
/// removes the scratch directories of processes that no longer exist. Returns 0 on success.
static int prepare_scratch_directory(void) {
    char parent[STORE_PATH_CAPACITY];
    int written = snprintf(parent, sizeof(parent), "%s/.widgetterm", store_directory);
    if (written <= 0 || (size_t)written >= sizeof(parent) || make_own_directory(parent) != 0) return -1;
    written = snprintf(parent, sizeof(parent), "%s/.widgetterm/scratch", store_directory);
    if (written <= 0 || (size_t)written >= sizeof(parent) || make_own_directory(parent) != 0) return -1;
    DIR *directory = opendir(parent);
    if (directory) {
        struct dirent *entry;
        while ((entry = readdir(directory))) {
            char *end = NULL;
            long pid = strtol(entry->d_name, &end, 10);
            if (!end || *end != '\0' || pid <= 0) continue;
            // A directory with this process's id is left from an earlier process: it starts empty.
            if (pid != (long)getpid() && (kill((pid_t)pid, 0) == 0 || errno != ESRCH)) continue;
            char path[STORE_PATH_CAPACITY];
            written = snprintf(path, sizeof(path), "%s/%s", parent, entry->d_name);
            if (written <= 0 || (size_t)written >= sizeof(path) || !is_own_directory(path)) continue;
            nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
        }
        closedir(directory);
    }
    return make_own_directory(scratch_directory);
}

/// Runs the program again with XDG_CONFIG_HOME set to the scratch directory. Returns only on failure.
static void execute_again(char **argv, char **envp, const char *original) {
    static char *environment[ENVIRONMENT_LIMIT];
    static char configuration[STORE_PATH_CAPACITY + 32];
    static char original_entry[STORE_PATH_CAPACITY + 64];
    static char guard_entry[64];
    size_t count = 0;
    int keeps_original = lookup(envp, "WIDGETTERM_ORIGINAL_XDG_CONFIG_HOME") != NULL;
    for (char **entry = envp; entry && *entry; entry++) {
        if (strncmp(*entry, "XDG_CONFIG_HOME=", 16) == 0 || strncmp(*entry, "WIDGETTERM_APP_GROUP_EXECUTED=", 30) == 0) continue;
        if (count + 4 >= ENVIRONMENT_LIMIT) {
            snprintf(routing_problem, sizeof(routing_problem), "the environment has more than %d variables", ENVIRONMENT_LIMIT - 4);
            return;
        }
        environment[count++] = *entry;
    }
    snprintf(configuration, sizeof(configuration), "XDG_CONFIG_HOME=%s", scratch_directory);
    environment[count++] = configuration;
    if (!keeps_original) {
        snprintf(original_entry, sizeof(original_entry), "WIDGETTERM_ORIGINAL_XDG_CONFIG_HOME=%s", original ? original : "");
        environment[count++] = original_entry;
    }
    // The process id survives execve: a second start with this guard and still no match does not loop,
    // while a child program (another pid) is free to route itself.
    snprintf(guard_entry, sizeof(guard_entry), "WIDGETTERM_APP_GROUP_EXECUTED=%ld", (long)getpid());
    environment[count++] = guard_entry;
    environment[count] = NULL;
    execve("/proc/self/exe", argv, environment);
    snprintf(routing_problem, sizeof(routing_problem), "cannot execute /proc/self/exe again (%s)", strerror(errno));
}

/// True for the commands that never run widget code (`main` in WidgetTermCommand.swift skips the same ones). The
/// command is the first argument that is not a flag or a flag's value, as `CommandDispatch` reads it (global
/// flags may come first: `widgetterm --app-group DIR list`); `--version`, `--help` and `-h` count where they stand.
static int runs_no_widget_code(int argc, char **argv) {
    static const char *const commands[] = {"bench", "list", "help", "--help", "-h", "--version", "open", "sources"};
    // Flags that take the next argument as their value (CommandDispatch: PreviewCommand.valuedFlags and --document).
    static const char *const valued[] = {
        "--family", "--device", "--os", "--scheme", "--at", "--context", "--format", "--color", "--colors", "--timezone",
        "--locale", "--param", "--provider-timeout", "--mode", "--theme", "--app-group", "--speed", "--routes",
        "--open-command", "--intent-timeout", "--document", "--assets", "--target", "--entry", "--state"};
    for (int index = 1; index < argc && argv[index]; index++) {
        const char *argument = argv[index];
        for (size_t command = 0; command < sizeof(commands) / sizeof(commands[0]); command++) {
            if (strcmp(argument, commands[command]) == 0) return 1;
        }
        if (strncmp(argument, "--", 2) != 0 || argument[2] == '\0') return 0;
        if (strchr(argument, '=')) continue;
        for (size_t flag = 0; flag < sizeof(valued) / sizeof(valued[0]); flag++) {
            if (strcmp(argument, valued[flag]) == 0) {
                index++;
                break;
            }
        }
    }
    return 0;
}

static void route_user_defaults(int argc, char **argv, char **envp) {
    int needs_store = !runs_no_widget_code(argc, argv);
    if (choose_directory(argc, argv, envp, needs_store) != 0) {
        routing_state = WIDGETTERM_APP_GROUP_FAILED;
        return;
    }
    if (name_scratch_directory() != 0) {
        routing_state = WIDGETTERM_APP_GROUP_FAILED;
        return;
    }
    const char *current = lookup(envp, "XDG_CONFIG_HOME");
    if (current && strcmp(current, scratch_directory) == 0 && is_own_directory(scratch_directory)) {
        has_scratch_directory = 1;
        routing_state = WIDGETTERM_APP_GROUP_ROUTED;
        return;
    }
    const char *switch_value = lookup(envp, "WIDGETTERM_APP_GROUP_ROUTING");
    if (switch_value && strcmp(switch_value, "off") == 0) {
        routing_state = WIDGETTERM_APP_GROUP_DISABLED;
        return;
    }
    // Commands that never run widget code need no App Group: spare them the second start (about 8 ms).
    if (!needs_store) {
        routing_state = WIDGETTERM_APP_GROUP_DISABLED;
        return;
    }
    const char *guard = lookup(envp, "WIDGETTERM_APP_GROUP_EXECUTED");
    if (guard && strtol(guard, NULL, 10) == (long)getpid()) {
        routing_state = WIDGETTERM_APP_GROUP_FAILED;
        snprintf(routing_problem, sizeof(routing_problem), "XDG_CONFIG_HOME still differs after starting again");
        return;
    }
    if (prepare_scratch_directory() != 0) {
        routing_state = WIDGETTERM_APP_GROUP_FAILED;
        return;
    }
    execute_again(argv, envp, current);
    routing_state = WIDGETTERM_APP_GROUP_FAILED;
}

__attribute__((section(".preinit_array"), used))
static void (*const widgetterm_app_group_preinit)(int, char **, char **) = route_user_defaults;
