// Every file of this target sees TestSupport (the fixed clock, goldens, package paths, renderWidget,
// frameRows, SplitMix64, the timeline fixtures, the in-memory preview) without its own import.
@_exported import TestSupport
