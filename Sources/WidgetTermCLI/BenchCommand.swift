import Foundation
import CellLayout
import CellRender
import TerminalUI
import WidgetHost
import WidgetKitUI

// MARK: - bench

/// `widgetterm bench`: render timings per family and for the whole gallery, and the shared benchmark
/// frame (docs/bench-frame.md). Times come from the monotonic clock; run a release build.
enum BenchCommand {
    static func run(_ arguments: [String], widgets: () -> [WidgetDescriptor], output: TextStream) throws -> Int32 {
        let parsed = try ParsedArguments(
            arguments, valued: ["iterations", "warmup", "warmup-ms", "sample", "runs", "largest", "axis"],
            boolean: ["once", "phases", "one-cell", "help"])
        if parsed.switches.contains("help") {
            output.write(
                """
                usage: widgetterm bench [--iterations N]
                       widgetterm bench tick [--iterations N]
                       widgetterm bench frame [--iterations N] [--warmup W] [--warmup-ms MS] [--once] [--sample FILE] [--phases] [--one-cell]
                       widgetterm bench scale [--axis entries|values|spacers|widgets] [--runs N] [--largest N]

                bench          median µs to resolve, lay out and paint each sample per family, and the whole gallery
                bench tick     one tick of ten live timers: repaint time and cells changed
                bench frame    the shared 46 × 11 frame (docs/bench-frame.md), timed frame by frame on the
                               monotonic clock; prints widgetterm, median µs, p90 µs and iterations, tab-separated
                bench scale    render FILE of generated documents of 10 to 10,000 entries, 100 to 100,000 data
                               values and 10 to 10,000 spacers, and gallery of 1 to 100 documents, at 10× steps;
                               prints axis, count, median ms, µs per item and its ratio to the previous step

                options:
                  --iterations N   timed repetitions (default 500 for bench, 2000 for tick and frame)
                  --warmup W       frame: at least W untimed frames first (default 200)
                  --warmup-ms MS   frame: and at least MS milliseconds of them (default 500)
                  --once           frame: write one frame to standard output and exit (whole-process timing)
                  --sample FILE    frame: write one frame to FILE before timing
                  --phases         frame: the median of resolve, layout, paint and encode on their own
                  --one-cell       frame: frames that differ from the last in one cell, written as a diff
                  --runs N         scale: runs per step, the median is printed (default 3)
                  --largest N      scale: skip steps above N items (default 100000)
                  --axis A         scale: only that axis

                Figures mean something only from a release build, as README.md says:
                swift build -c release --static-swift-stdlib, then .build/release/widgetterm bench ...

                """)
            return 0
        }
        if parsed.positionals.first == "frame" { return try FrameBenchmark.run(parsed, output: output) }
        if parsed.positionals.first == "scale" { return try ScaleBenchmark.run(parsed, output: output) }
        if parsed.positionals.first == "tick" {
            return TickBenchmark.run(iterations: try parsed.integer("iterations", in: 1...1_000_000, default: 2000), output: output)
        }
        guard parsed.positionals.isEmpty else { throw UsageError("unknown benchmark \(parsed.positionals[0]); valid: frame, scale, tick") }
        let iterations = try parsed.integer("iterations", in: 1...1_000_000, default: 500)
        return widgetBenchmark(widgets: widgets(), iterations: iterations, output: output)
    }

    /// Median time to resolve + lay out + paint one widget per family, and the whole gallery.
    static func widgetBenchmark(widgets: [WidgetDescriptor], iterations: Int, output: TextStream) -> Int32 {
        let device = DeviceProfile.iPad1024
        let date = HostClock.now
        var jobs: [(WidgetSession, EntrySelection, WidgetRenderOptions)] = []
        var perFamily: [WidgetFamily: [Double]] = [:]
        for descriptor in widgets {
            let session = WidgetSession(descriptor: descriptor)
            for family in descriptor.supportedFamilies where device.size(of: family) != nil || DeviceProfile.default.size(of: family) != nil
            {
                let profile = DeviceProfile.default.size(of: family) != nil ? DeviceProfile.default : device
                guard let selection = try? session.selectEntry(family: family, device: profile, context: .timeline) else { continue }
                let options = WidgetRenderOptions(family: family, device: profile, style: PaintStyle(colorScheme: .dark), date: date)
                jobs.append((session, selection, options))
            }
        }
        for (session, selection, options) in jobs {
            for _ in 0..<20 { _ = session.render(selection, options: options) }
            var samples: [Double] = []
            samples.reserveCapacity(iterations)
            for _ in 0..<iterations {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = session.render(selection, options: options)
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
            }
            perFamily[options.family, default: []].append(Statistics.median(samples))
        }
        output.write("family\tmedian_us_per_widget\twidgets\n")
        for family in WidgetFamily.allCases {
            guard let medians = perFamily[family] else { continue }
            output.write("\(family)\t\(String(format: "%.1f", Statistics.median(medians)))\t\(medians.count)\n")
        }
        var gallery: [Double] = []
        for _ in 0..<max(iterations / 10, 5) {
            let start = DispatchTime.now().uptimeNanoseconds
            for (session, selection, options) in jobs { _ = session.render(selection, options: options) }
            gallery.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
        }
        output.write("gallery\t\(String(format: "%.1f", Statistics.median(gallery)))\t\(jobs.count)\n")
        return 0
    }
}

/// Order statistics as bench-frame.md defines them.
enum Statistics {
    /// Median: the mean of the two middle samples for an even count.
    static func median(_ samples: [Double]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 0 ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// p90: sample number ceil(0.9 N) (1-based) in sorted order.
    static func percentile90(_ samples: [Double]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let rank = Int((0.9 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}

// MARK: - The shared benchmark frame

/// The 46 × 11 water frame of bench-frame.md, written with the authoring API.
struct BenchFrameView: View {
    static let surface = Color(red: 0x1C / 255, green: 0x1C / 255, blue: 0x1E / 255)
    static let border = Color(red: 0x3A / 255, green: 0x3A / 255, blue: 0x3C / 255)
    static let blue = Color(red: 0x0A / 255, green: 0x84 / 255, blue: 0xFF / 255)
    static let grey = Color(red: 0x8E / 255, green: 0x8E / 255, blue: 0x93 / 255)
    static let white = Color(red: 1, green: 1, blue: 1)

    /// The amount on row 2; `bench frame --one-cell` alternates it with "1251 ml", which changes one cell.
    var amount: LocalizedStringKey = "1250 ml"

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 0) {
                Text("💧 ").foregroundColor(Self.white)
                Text("Water").bold().foregroundColor(Self.blue)
            }
            Text(amount).bold().foregroundColor(Self.white)
            Text("Goal 2000 ml").foregroundColor(Self.grey)
            ProgressView(value: 1250, total: 2000).tint(Self.blue)
            row("Coffee", "2 cups")
            row("Tea", "1 cup")
            row("Water", "5 glasses")
            Spacer(minLength: 0)
        }
        .padding(.horizontal, 16)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .padding(.vertical, 17)
        .background(RoundedRectangle(cornerRadius: 12).stroke(Self.border, lineWidth: 1))
        .background(Self.surface)
    }

    func row(_ label: String, _ value: String) -> some View {
        HStack(spacing: 0) {
            Text(label).foregroundColor(Self.white)
            Spacer(minLength: 0)
            Text(value).foregroundColor(Self.grey)
        }
    }
}

enum FrameBenchmark {
    static let size = CellSize(width: 46, height: 11)

    /// What stays the same from frame to frame, made once per run as a renderer makes it once per configuration
    /// (a preview keeps its environment, text format and paint style until a setting changes): the environment
    /// the body is resolved in, the layout environment (with its text format) and the paint style. Building them
    /// each frame made three `Locale`s, three `TimeZone`s and a `Calendar`, which is no part of drawing a frame.
    /// Every frame still evaluates the body, resolves, lays out, paints and encodes.
    struct Setup {
        let environment: EnvironmentValues
        let layout: LayoutEnvironment
        let style = PaintStyle(colorScheme: .dark, surface: nil, surfaceForBlending: RGB(0x1C, 0x1C, 0x1E))
        let date: Date

        init(date: Date) {
            var environment = EnvironmentValues()
            environment.colorScheme = .dark
            self.environment = environment
            layout = LayoutEnvironment(date: date, format: SystemTextFormat(), symbolWidth: SymbolTable.displayWidth(forSystemName:))
            self.date = date
        }
    }

    /// What a run keeps from frame to frame, as a terminal program keeps its back buffer and its output buffer: the
    /// painter, whose cells and records are reset before each frame, and the encoder's memory. Made once per run with
    /// the `Setup`; nothing of one frame's picture is kept for the next.
    struct Renderer {
        let setup: Setup
        private(set) var painter: Painter
        private(set) var encoder = ANSIFrameEncoder(depth: .trueColor)

        init(setup: Setup) {
            self.setup = setup
            painter = Painter(size: size, style: setup.style, date: setup.date, format: setup.layout.format)
        }

        /// One frame: evaluate the body, resolve, lay out, paint (every cell reset to the surface first), encode as the
        /// truecolour ANSI bytes a terminal receives (`encoder.withBytes`).
        mutating func renderFrame() {
            let placed = layOut(resolve(setup: setup), setup)
            painter.reset()
            painter.paint(placed)
            encoder.encode(painter.buffer)
        }

        /// `renderFrame()`, then a copy of its bytes.
        mutating func frameBytes() -> [UInt8] {
            renderFrame()
            return encoder.bytes
        }
    }

    static func resolve(_ view: BenchFrameView = BenchFrameView(), setup: Setup) -> ViewNode {
        ViewResolver.resolve(view, environment: setup.environment).0
    }

    static func layOut(_ node: ViewNode, _ setup: Setup) -> PlacedNode {
        CellLayout.layout(node, in: size, environment: setup.layout)
    }

    static func paint(_ placed: PlacedNode, _ setup: Setup) -> CellBuffer {
        var painter = Painter(size: size, style: setup.style, date: setup.date, format: setup.layout.format)
        painter.paint(placed)
        return painter.buffer
    }

    /// `--phases`: the median of each stage of a frame on its own (resolve, layout, paint, encode), to see
    /// where a frame's time goes. Freeing each stage's result happens outside the timed stages, so the four
    /// medians add up to less than `bench frame`'s. Not part of bench-frame.md's protocol.
    static func phases(iterations: Int, setup: Setup, output: TextStream) -> Int32 {
        var samples: [[Double]] = Array(repeating: [], count: 4)
        for iteration in 0..<(iterations + 200) {
            var last = DispatchTime.now().uptimeNanoseconds
            func lap(_ phase: Int) {
                let now = DispatchTime.now().uptimeNanoseconds
                if iteration >= 200 { samples[phase].append(Double(now - last) / 1000) }
                last = now
            }
            let node = resolve(setup: setup)
            lap(0)
            let placed = layOut(node, setup)
            lap(1)
            let buffer = paint(placed, setup)
            lap(2)
            _ = FrameEncoder.ansiBytes(buffer, depth: .trueColor)
            lap(3)
        }
        output.write("phase\tmedian_us\n")
        for (index, name) in ["resolve", "layout", "paint", "encode"].enumerated() {
            output.write("\(name)\t\(String(format: "%.2f", Statistics.median(samples[index])))\n")
        }
        return 0
    }

    static func run(_ parsed: ParsedArguments, output: TextStream) throws -> Int32 {
        let iterations = try parsed.integer("iterations", in: 1...10_000_000, default: 2000)
        let warmup = try parsed.integer("warmup", in: 0...10_000_000, default: 200)
        let warmupMilliseconds = try parsed.integer("warmup-ms", in: 0...600_000, default: 500)
        if let path = parsed["sample"] { try OutputFile.check(path, flag: "sample") }
        let setup = Setup(date: Date())
        var renderer = Renderer(setup: setup)
        if parsed.switches.contains("once") {
            output.write(String(decoding: renderer.frameBytes(), as: UTF8.self))
            return 0
        }
        if parsed.switches.contains("phases") { return phases(iterations: iterations, setup: setup, output: output) }
        if parsed.switches.contains("one-cell") { return oneCell(iterations: iterations, setup: setup, output: output) }
        if let path = parsed["sample"] {
            do {
                try Data(renderer.frameBytes()).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw UsageError("cannot write --sample \(path): \(error.localizedDescription)")
            }
        }
        let warmupStart = DispatchTime.now().uptimeNanoseconds
        var warmed = 0
        while warmed < warmup || DispatchTime.now().uptimeNanoseconds - warmupStart < UInt64(warmupMilliseconds) * 1_000_000 {
            renderer.renderFrame()
            warmed += 1
        }
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        for _ in 0..<iterations {
            let start = DispatchTime.now().uptimeNanoseconds
            renderer.renderFrame()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
        }
        output.write(
            "widgetterm\t\(String(format: "%.2f", Statistics.median(samples)))\t\(String(format: "%.2f", Statistics.percentile90(samples)))\t\(iterations)\n"
        )
        return 0
    }
}

// MARK: - A frame in which one cell changes

extension FrameBenchmark {
    /// The bytes a terminal receives for `runs`: for each run a cursor move (`CSI row;column H`, 1-based)
    /// and its cells encoded as `FrameEncoder.ansiBytes` encodes a row.
    static func ansiBytes(_ runs: [CellRun]) -> [UInt8] {
        var bytes: [UInt8] = []
        for run in runs {
            bytes.append(contentsOf: "\u{1B}[\(run.row + 1);\(run.column + 1)H".utf8)
            var row = CellBuffer(width: run.cells.count, height: 1)
            for (column, cell) in run.cells.enumerated() { row[column, 0] = cell }
            bytes.append(contentsOf: FrameEncoder.ansiBytes(row, depth: .trueColor))
        }
        return bytes
    }

    /// `--one-cell` (docs/bench-frame.md): frames whose amount alternates between "1250 ml" and "1251 ml",
    /// so consecutive frames differ in one cell. Prints two timings: `one-cell-frame`, the whole frame
    /// (body, resolve, layout, paint) plus the diff with the previous frame and the bytes of the changed
    /// cells only; `one-cell-write`, the diff and those bytes alone, the floor of an incremental frame.
    static func oneCell(iterations: Int, setup: Setup, output: TextStream) -> Int32 {
        let views = [BenchFrameView(), BenchFrameView(amount: "1251 ml")]
        func frame(_ index: Int) -> CellBuffer { paint(layOut(resolve(views[index % 2], setup: setup), setup), setup) }
        var previous = frame(1)
        var whole: [Double] = [], write: [Double] = []
        var changedCells = 0
        for iteration in 0..<(iterations + 200) {
            let start = DispatchTime.now().uptimeNanoseconds
            let buffer = frame(iteration)
            let runs = ScreenDiff.runs(from: previous, to: buffer)
            _ = ansiBytes(runs)
            let end = DispatchTime.now().uptimeNanoseconds
            previous = buffer
            if iteration >= 200 {
                whole.append(Double(end - start) / 1000)
                changedCells += ScreenDiff.cellCount(runs)
            }
        }
        let frames = [frame(0), frame(1)]
        for iteration in 0..<(iterations + 200) {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = ansiBytes(ScreenDiff.runs(from: frames[(iteration + 1) % 2], to: frames[iteration % 2]))
            let end = DispatchTime.now().uptimeNanoseconds
            if iteration >= 200 { write.append(Double(end - start) / 1000) }
        }
        output.write("frame\tmedian_us\tp90_us\titerations\tchanged_cells_per_frame\n")
        for (name, samples) in [("one-cell-frame", whole), ("one-cell-write", write)] {
            output.write(
                "\(name)\t\(String(format: "%.2f", Statistics.median(samples)))\t"
                    + "\(String(format: "%.2f", Statistics.percentile90(samples)))\t\(iterations)\t"
                    + "\(String(format: "%.1f", Double(changedCells) / Double(iterations)))\n")
        }
        return 0
    }
}

// MARK: - One tick

/// Ten ticking timers in a large widget: the CPU cost of one tick (repaint the live regions at the next
/// second and find the changed cells), and how many cells change.
enum TickBenchmark {
    struct TenTimers: View {
        let start: Date
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                ForEach(0..<10) { index in
                    HStack {
                        Text("Timer \(index + 1)")
                        Spacer()
                        Text(start.addingTimeInterval(Double(index * 617 + 30)), style: .timer)
                            .multilineTextAlignment(.trailing)
                            .frame(width: 64)
                    }
                }
            }
            .containerBackground(.background, for: .widget)
        }
    }

    struct Entry: TimelineEntry { let date: Date }

    static func run(iterations: Int, output: TextStream) -> Int32 {
        let start = Date(timeIntervalSince1970: 1_773_478_800)
        var environment = EnvironmentValues()
        environment.widgetFamily = .systemLarge
        let context = ResolveContext(environment: environment)
        let content = HostContext.current.resolving(into: context.sink) { context.resolve(TenTimers(start: start)) }
        let options = WidgetRenderOptions(family: .systemLarge, style: PaintStyle(colorScheme: .dark), date: start)
        let frame = WidgetRenderer.render(
            content: content, containerBackground: context.sink.containerBackground, diagnostics: [],
            options: options)
        var current = frame
        var samples: [Double] = []
        var changedCells = 0
        for second in 1...(iterations + 100) {
            let startTime = DispatchTime.now().uptimeNanoseconds
            let (next, changed) = current.repaintingLiveRegions(
                at: start.addingTimeInterval(Double(second)), style: options.style,
                format: options.format)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - startTime) / 1000
            current = next
            if second > 100 {
                samples.append(elapsed)
                changedCells += changed.count
            }
        }
        output.write("tick\tlive_regions\tmedian_us\tp90_us\tchanged_cells_per_tick\n")
        output.write(
            "tick\t\(frame.liveRegions.count)\t\(String(format: "%.2f", Statistics.median(samples)))\t"
                + "\(String(format: "%.2f", Statistics.percentile90(samples)))\t\(String(format: "%.1f", Double(changedCells) / Double(iterations)))\n"
        )
        return 0
    }
}
