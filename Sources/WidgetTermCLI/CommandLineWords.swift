import Foundation

// MARK: - The command line's words, for the launcher that builds widget sources

/// What the `widgetterm` launcher needs to find a widget source path in a command line before the built-in
/// samples' command line reads it: the command names and the flags that take a value.
public enum CommandLineWords {
    /// Every command name, hidden ones included.
    public static let commands: Set<String> = Set(CommandDispatch.commands).union(CommandDispatch.hiddenCommands)

    /// Every flag of any command that takes its value as the next argument (`--timezone UTC`), without `--`.
    public static let valuedFlags: Set<String> = PreviewCommand.valuedFlags
        .union(RenderSettings.valuedFlags)
        .union(ActivityRenderCommand.flags)
        .union(["entry", "surfaces", "times", "from", "hours", "request-every", "budget", "routes", "document", "placement", "tap"])
}
