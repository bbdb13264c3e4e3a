import Foundation
import SwiftIfConfig

// MARK: - ios-source-rewriter: widget sources as iOS sees them

// Usage: ios-source-rewriter --compiler-version 6.3.1 INPUT OUTPUT [INPUT OUTPUT ...]
// Writes each INPUT's rewrite to OUTPUT (SourceRewriter.swift) and prints what it found about the `#if`
// conditions as `INPUT:LINE:COLUMN: warning: ...` lines on standard error. Exit status 0, or 2 for bad
// arguments or an unreadable or unwritable file. WidgetTerm builds this tool itself with the toolchain's
// SwiftSyntax libraries (docs/DECISIONS.md, "#if and #available as iOS sees them").

var arguments = Array(CommandLine.arguments.dropFirst())
var compilerVersion = VersionTuple(6, 0)
if arguments.first == "--compiler-version", arguments.count >= 2 {
    let parts = arguments[1].split(separator: ".").compactMap { Int($0) }
    guard !parts.isEmpty else {
        FileHandle.standardError.write(
            Data("ios-source-rewriter: --compiler-version takes a version such as 6.3.1, not \(arguments[1])\n".utf8))
        exit(2)
    }
    compilerVersion = VersionTuple(parsing: parts.map(String.init).joined(separator: ".")) ?? VersionTuple(6, 0)
    arguments.removeFirst(2)
}
guard !arguments.isEmpty, arguments.count % 2 == 0 else {
    FileHandle.standardError.write(Data("usage: ios-source-rewriter [--compiler-version X.Y.Z] INPUT OUTPUT [INPUT OUTPUT ...]\n".utf8))
    exit(2)
}
let rewriter = SourceRewriter(configuration: IOSBuildConfiguration(compilerVersion: compilerVersion))
var status: Int32 = 0
for pair in stride(from: 0, to: arguments.count, by: 2) {
    let input = arguments[pair]
    let output = arguments[pair + 1]
    guard let data = FileManager.default.contents(atPath: input) else {
        FileHandle.standardError.write(Data("ios-source-rewriter: cannot read \(input)\n".utf8))
        status = 2
        continue
    }
    let (text, findings) = rewriter.rewrite(String(decoding: data, as: UTF8.self), fileName: input)
    for finding in findings {
        FileHandle.standardError.write(Data("\(input):\(finding.line):\(finding.column): warning: \(finding.message)\n".utf8))
    }
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
        FileHandle.standardError.write(Data("ios-source-rewriter: cannot write \(output): \(error.localizedDescription)\n".utf8))
        status = 2
    }
}
exit(status)
