// The process launcher (`ChildProcess`, `ChildReaper`) lives in `ChildProcesses`, below everything that starts
// programs (HostPackage too); host code and everything above it keeps reaching it through `import WidgetHost`.
@_exported import ChildProcesses
