import Foundation
import CellLayout
import CellRender
import WidgetHost

// MARK: - The in-memory twin

/// A terminal held in memory, for tests: it keeps the screen a real terminal would show after the runs it
/// was given (erasing a wide grapheme when half of it is overwritten, as xterm does), counts what was
/// written, and hands out the input events a test queued. Nothing is read from or written to a device.
public final class MemoryTerminal: Terminal {
    /// The screen size in cells (columns × rows); changed only by `resize(width:height:)`.
    public private(set) var size: CellSize
    /// The colour depth the twin claims, fixed at `init` (truecolour unless a test asks for less).
    public let colorDepth: ColorDepth
    /// What the screen shows.
    public private(set) var screen: CellBuffer
    /// Every run drawn since the last `present()`.
    public private(set) var pendingRuns: [CellRun] = []
    /// The runs of each presented frame, oldest first.
    public private(set) var presentedFrames: [[CellRun]] = []
    /// The timeouts `waitForEvents(timeout:)` was called with, oldest first (nil: wait for input only).
    public private(set) var requestedTimeouts: [TimeInterval?] = []
    /// How many times `restore()` ran.
    public private(set) var restoreCount = 0
    /// How many times `invalidate()` ran.
    public private(set) var invalidateCount = 0
    private let inbox = Inbox()

    /// Queued input, shared with `wakeHandler` (which may run on another thread).
    private final class Inbox: @unchecked Sendable {
        private let lock = NSLock()
        private var batches: [[InputEvent]] = []
        /// The thread in `waitUntilQueued(seconds:)`, woken by the next append. A `MonotonicSignal`: tests
        /// freeze the process's realtime clock, so a `DispatchSemaphore` deadline would pass at once.
        private var waiter: MonotonicSignal?
        func append(_ events: [InputEvent]) {
            let woken = lock.withLock {
                batches.append(events)
                defer { waiter = nil }
                return waiter
            }
            woken?.signal()
        }
        func next() -> [InputEvent] { lock.withLock { batches.isEmpty ? [] : batches.removeFirst() } }
        var isEmpty: Bool { lock.withLock { batches.isEmpty } }
        /// Blocks until a batch is queued or `seconds` of real time pass; true when one is queued.
        func waitUntilQueued(seconds: TimeInterval) -> Bool {
            let signal = MonotonicSignal()
            let queued = lock.withLock {
                if batches.isEmpty { waiter = signal }
                return !batches.isEmpty
            }
            if queued { return true }
            _ = signal.wait(seconds: seconds)
            return lock.withLock {
                waiter = nil
                return !batches.isEmpty
            }
        }
    }

    /// Creates a blank screen `width` columns by `height` rows with no queued input.
    public init(width: Int, height: Int, colorDepth: ColorDepth = .trueColor) {
        size = CellSize(width: width, height: height)
        self.colorDepth = colorDepth
        screen = CellBuffer(width: width, height: height)
    }

    /// Queues events that the next `waitForEvents(timeout:)` returns together.
    public func enqueue(_ events: InputEvent...) { inbox.append(events) }

    /// Queues key presses, each returned by its own `waitForEvents(timeout:)`.
    public func enqueueKeys(_ keys: Key...) { for key in keys { inbox.append([.key(key)]) } }

    /// True when no queued input is left.
    public var hasNoQueuedEvents: Bool { inbox.isEmpty }

    /// Changes the size (the screen is cleared, as a real resize garbles it) and queues the resize event.
    public func resize(width: Int, height: Int) {
        size = CellSize(width: width, height: height)
        screen = CellBuffer(width: width, height: height)
        inbox.append([.resize(size)])
    }

    /// The screen's rows as text (continuation cells skipped, trailing blanks kept).
    public var lines: [String] { (0..<screen.height).map(screen.text(ofRow:)) }

    /// The screen as text, one line per row, trailing blanks trimmed.
    public var text: String { FrameEncoder.text(screen) }

    // MARK: Terminal

    /// Records the run in `pendingRuns` and writes its cells into `screen` as a terminal would (continuation
    /// cells skipped; a wide grapheme that no longer fits at the right edge becomes a blank).
    public func draw(_ run: CellRun) {
        pendingRuns.append(run)
        var column = run.column
        for cell in run.cells {
            defer { column += 1 }
            guard !cell.isContinuation else { continue }
            put(cell, column: column, row: run.row)
        }
    }

    /// Writes one grapheme as a terminal does: overwriting half of a wide grapheme erases the other half.
    private func put(_ cell: Cell, column: Int, row: Int) {
        guard screen.contains(column: column, row: row) else { return }
        if screen[column, row].isContinuation, column > 0 {
            screen[column - 1, row] = Cell(background: screen[column - 1, row].background)
        }
        if column + 1 < screen.width, screen[column + 1, row].isContinuation {
            screen[column + 1, row] = Cell(background: screen[column + 1, row].background)
        }
        let isWide = cell.glyph.displayWidth == 2
        if isWide, column + 1 >= screen.width {
            screen[column, row] = Cell(background: cell.background)
            return
        }
        screen[column, row] = cell
        if isWide {
            if column + 2 < screen.width, screen[column + 2, row].isContinuation {
                screen[column + 2, row] = Cell(background: screen[column + 2, row].background)
            }
            var covered = cell
            covered.glyph = " "
            covered.isContinuation = true
            screen[column + 1, row] = covered
        }
    }

    /// Counts the call in `invalidateCount` and clears `screen` to blanks, as a forced full repaint does.
    public func invalidate() {
        invalidateCount += 1
        screen = CellBuffer(width: size.width, height: size.height)
    }

    /// Moves `pendingRuns` into `presentedFrames` as one frame and starts an empty pending list.
    public func present() {
        presentedFrames.append(pendingRuns)
        pendingRuns = []
    }

    /// Records `timeout` in `requestedTimeouts` and returns the next queued batch at once, never sleeping; an
    /// empty array when nothing is queued.
    public func waitForEvents(timeout: TimeInterval?) -> [InputEvent] {
        requestedTimeouts.append(timeout)
        return inbox.next()
    }

    /// Blocks the calling thread until input is queued (a test's events, or a `.wake` from `wakeHandler` on
    /// another thread) or `seconds` pass; returns whether input is queued. Unlike `waitForEvents(timeout:)`
    /// it takes nothing from the queue and records nothing: tests use it to wait for a background result.
    public func waitUntilQueued(seconds: TimeInterval) -> Bool {
        inbox.waitUntilQueued(seconds: seconds)
    }

    /// Queues a `.wake` event (safe from any thread); the next `waitForEvents(timeout:)` returns it.
    public var wakeHandler: @Sendable () -> Void {
        let inbox = inbox
        return { inbox.append([.wake]) }
    }

    /// Counts the call in `restoreCount`; there is no device to give back.
    public func restore() { restoreCount += 1 }

    /// The cells written in the last presented frame (continuation cells included).
    public var cellsWrittenInLastFrame: Int { presentedFrames.last.map(ScreenDiff.cellCount) ?? 0 }
}
