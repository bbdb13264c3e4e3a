import Foundation

// MARK: - The iOS source rewriter, built once per toolchain

/// `Tools/IOSSourceRewriter`, compiled with `swiftc` against the toolchain's SwiftSyntax libraries into the
/// cache (`tools/ios-source-rewriter-<hash>`, keyed by the toolchain version and the tool's sources). It is
/// not a SwiftPM target: linking the toolchain's libraries needs `unsafeFlags`, which SwiftPM refuses in
/// packages that others depend on, and a statically linked `widgetterm` cannot load them
/// (docs/DECISIONS.md, "#if and #available as iOS sees them").
enum RewriterTool {
    static func ensure(toolchain: Toolchain, root: String, cache: String, progress: Progress) throws -> String {
        try toolchain.checkHostLibraries()
        let sourceDirectory = root + "/Tools/IOSSourceRewriter"
        let sources = ((try? FileManager.default.contentsOfDirectory(atPath: sourceDirectory)) ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted().map { sourceDirectory + "/" + $0 }
        guard !sources.isEmpty else { throw HostPackageError("\(sourceDirectory) holds no Swift sources; the checkout is incomplete") }
        var hash = StableHash()
        hash.add(toolchain.version)
        hash.add(toolchain.hostLibraries)
        for source in sources { hash.add(FileManager.default.contents(atPath: source) ?? Data()) }
        let tools = cache + "/tools"
        let binary = tools + "/ios-source-rewriter-" + hash.hex
        if FileManager.default.isExecutableFile(atPath: binary) { return binary }
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        progress.say("building the iOS source rewriter with Swift \(toolchain.version)'s SwiftSyntax (once per toolchain)")
        // Built under a name of its own, then moved into place, so runs in parallel never see half a file.
        let partial = binary + ".\(ProcessInfo.processInfo.processIdentifier).partial"
        let host = toolchain.hostLibraries
        var arguments = ["-module-name", "IOSSourceRewriter", "-I", host, "-L", host]
        arguments += Toolchain.rewriterLibraries.map { "-l" + $0 }
        arguments += ["-Xlinker", "-rpath", "-Xlinker", host, "-o", partial]
        arguments += sources
        _ = try ProgramRunner.output(toolchain.swiftc, arguments)
        _ = rename(partial, binary)
        return binary
    }
}
