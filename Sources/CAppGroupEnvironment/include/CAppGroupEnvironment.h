#ifndef CAPPGROUPENVIRONMENT_H
#define CAPPGROUPENVIRONMENT_H

/// Points Foundation's `UserDefaults` at the App Group store before Foundation starts.
///
/// On Linux, `UserDefaults(suiteName: "group.x")` keeps its values in `$XDG_CONFIG_HOME/group.x.plist`
/// (else `$HOME/.config/group.x.plist`). CoreFoundation copies `XDG_CONFIG_HOME` and `HOME` once, in its
/// library constructor, before `main` runs, so a `setenv` from Swift comes too late. This target runs a
/// `.preinit_array` function (before every library constructor) that decides the store directory and,
/// when `XDG_CONFIG_HOME` does not already name it, executes the same program again (`/proc/self/exe`,
/// same arguments) with `XDG_CONFIG_HOME` set to this process's scratch directory in it,
/// `<store>/.widgetterm/scratch/<pid>/`. The second start finds it set and goes on.
///
/// Foundation on Linux saves a suite in place (`open` with `O_TRUNC`, then `write`): a process killed in
/// between would leave an empty file. So Foundation never writes the store itself: it writes this
/// process's scratch copies, and `WidgetHost.AppGroupStore` moves values between the scratch directory and
/// the store under a lock, writing store files with a temporary file, `fsync` and `rename`. The scratch
/// directory starts empty; scratch directories of processes that no longer exist are removed at start.
/// Anything but a directory of this user at `.widgetterm` or its `scratch` (a planted symbolic link, say)
/// makes routing fail rather than redirect writes.
///
/// The store directory, first match wins:
///   1. `--app-group DIR` or `--app-group=DIR` among the program's arguments;
///   2. the `WIDGETTERM_APP_GROUP` environment variable;
///   3. for a SwiftPM test bundle (a program whose name ends in `.xctest`), a fresh
///      `${TMPDIR:-/tmp}/widgetterm-tests-<pid>/app-group`, so tests never see a person's data (the stores
///      of test bundles that have exited are removed at the same moment);
///   4. `$XDG_CACHE_HOME/widgetterm/app-group`, else `$HOME/.cache/widgetterm/app-group`.
/// A relative directory is taken from the current directory. The directory is created (mode 0700).
///
/// `WIDGETTERM_APP_GROUP_ROUTING=off` turns the re-execution off (then `UserDefaults` keeps Foundation's
/// usual place and `widgetterm_app_group_routing_state()` says so). The value `XDG_CONFIG_HOME` had
/// before is kept in `WIDGETTERM_ORIGINAL_XDG_CONFIG_HOME` (empty: it was not set), so programs the host
/// starts (an `--open-command`) can be given the person's own setting back.

/// How `UserDefaults` was routed for this process.
typedef enum {
    /// The start-up function did not run (the program was not linked with it).
    WIDGETTERM_APP_GROUP_NOT_RUN = 0,
    /// `XDG_CONFIG_HOME` named this process's scratch directory when Foundation started: suites reach the
    /// store through it.
    WIDGETTERM_APP_GROUP_ROUTED = 1,
    /// `WIDGETTERM_APP_GROUP_ROUTING=off`: suites stay in Foundation's usual place.
    WIDGETTERM_APP_GROUP_DISABLED = 2,
    /// The program could not be executed again (or already was and still did not match).
    WIDGETTERM_APP_GROUP_FAILED = 3
} widgetterm_app_group_routing;

/// The absolute store directory chosen at start-up, or NULL when the start-up function did not run.
const char *widgetterm_app_group_directory(void);

/// This process's scratch directory (absolute), where Foundation writes its plists, or NULL unless
/// `UserDefaults` is routed.
const char *widgetterm_app_group_scratch_directory(void);

/// How `UserDefaults` was routed (see `widgetterm_app_group_routing`).
int widgetterm_app_group_routing_state(void);

/// Why routing failed, or "" (a short sentence, for the diagnostic the host prints).
const char *widgetterm_app_group_routing_problem(void);

#endif
