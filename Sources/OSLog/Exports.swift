// `import OSLog` in widget code compiles as written: Apple's OSLog module re-exports `os` (`Logger`,
// `os_log`, `OSLog`) and adds the log store, which widget code does not read.
@_exported import os
