import ChildProcesses
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs `process` to its end with standard output on a pipe and returns what it printed (standard error is
/// left as configured).
private func printed(by process: ChildProcess) throws -> String {
    let output = Pipe()
    process.standardOutput = .pipe(output)
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// The launcher that replaces Foundation's `Process.run()` (docs/DECISIONS.md "Processes are spawned by our own
/// launcher").
@Suite struct ChildProcessTests {
    @Test("1500 descriptors open, 50 children from 4 threads at once: each exits 0 and sees only 0, 1 and 2")
    func manyDescriptorsAndThreads() throws {
        // Room for the extra descriptors beside those the test process has (the soft limit, up to the hard one).
        var limit = rlimit()
        #expect(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0)
        if limit.rlim_cur < 4096 && limit.rlim_max >= 4096 {
            limit.rlim_cur = 4096
            setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        }
        var extra: [Int32] = []
        defer { for descriptor in extra { close(descriptor) } }
        let null = open("/dev/null", O_RDONLY)
        #expect(null >= 0)
        extra.append(null)
        for _ in 0..<1500 {
            let copy = dup(null)
            guard copy >= 0 else { break }
            extra.append(copy)
        }
        #expect(extra.count == 1501)

        final class Listings: @unchecked Sendable {
            let lock = NSLock()
            var results: [(status: Int32, reason: Process.TerminationReason, lines: [String])] = []
            var failures: [String] = []
        }
        let listings = Listings()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            let count = thread < 2 ? 13 : 12
            var started: [(ChildProcess, Pipe)] = []
            for _ in 0..<count {
                let process = ChildProcess(executable: "/bin/ls", arguments: ["-1", "/proc/self/fd"])
                let output = Pipe()
                process.standardOutput = .pipe(output)
                process.standardError = .nullDevice
                do {
                    try process.run()
                    started.append((process, output))
                } catch {
                    listings.lock.withLock { listings.failures.append("\(error)") }
                }
            }
            for (process, output) in started {
                let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                let lines = text.split(separator: "\n").map(String.init)
                listings.lock.withLock {
                    listings.results.append((process.terminationStatus, process.terminationReason, lines))
                }
            }
        }
        #expect(listings.failures.isEmpty)
        #expect(listings.results.count == 50)
        for result in listings.results {
            #expect(result.status == 0 && result.reason == .exit)
            // ls's own descriptor 3 is the /proc/self/fd directory it reads.
            #expect(result.lines == ["0", "1", "2", "3"])
        }
    }

    @Test("an exit code and a signal are told apart, as Process reports them")
    func exitAndSignal() throws {
        let exiting = ChildProcess(executable: "/bin/sh", arguments: ["-c", "exit 7"])
        try exiting.run()
        exiting.waitUntilExit()
        #expect(exiting.terminationReason == .exit)
        #expect(exiting.terminationStatus == 7)
        #expect(exiting.exitStatus == 7)
        #expect(!exiting.isRunning)

        let signalled = ChildProcess(executable: "/bin/sh", arguments: ["-c", "kill -TERM $$"])
        try signalled.run()
        signalled.waitUntilExit()
        #expect(signalled.terminationReason == .uncaughtSignal)
        #expect(signalled.terminationStatus == SIGTERM)
        #expect(signalled.exitStatus == 128 + SIGTERM)
        #expect(!signalled.signal(SIGKILL), "a reaped child is never signalled")
    }

    @Test("signal ends a running child; a timed wait returns false before, and the termination handler runs first")
    func signalAndTimedWait() throws {
        final class Flag: @unchecked Sendable {
            let lock = NSLock()
            var ran = false
        }
        let flag = Flag()
        let input = Pipe()
        let process = ChildProcess(executable: "/bin/cat")
        process.standardInput = .pipe(input)
        process.standardOutput = .nullDevice
        process.terminationHandler = { _ in flag.lock.withLock { flag.ran = true } }
        try process.run()
        #expect(process.isRunning)
        #expect(process.processIdentifier > 0)
        #expect(!process.wait(seconds: 0.05), "cat waits for its input")
        #expect(process.signal(SIGKILL))
        #expect(process.wait(seconds: 60))
        #expect(flag.lock.withLock { flag.ran })
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
    }

    @Test("the working directory and the environment are exactly the ones given; FileHandle.nullDevice is /dev/null")
    func directoryAndEnvironment() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pwd = ChildProcess(executable: "/bin/pwd", arguments: ["-P"])
        pwd.currentDirectoryURL = folder
        let real = try #require(realpath(folder.path, nil))
        defer { free(real) }
        #expect(try printed(by: pwd) == String(cString: real) + "\n")

        let env = ChildProcess(executable: "/usr/bin/env")
        env.environment = ["WIDGETTERM_CHILD": "a b=c"]
        #expect(try printed(by: env) == "WIDGETTERM_CHILD=a b=c\n")

        // Foundation's null device handle, as callers of Process passed it, is /dev/null.
        let reader = ChildProcess(executable: "/bin/cat")
        reader.standardInput = .fileHandle(FileHandle.nullDevice)
        #expect(try printed(by: reader) == "")
        #expect(reader.terminationStatus == 0)
    }

    @Test("standard input and output on pipes; standard error merged into standard output")
    func pipes() throws {
        let input = Pipe()
        let process = ChildProcess(executable: "/bin/sh", arguments: ["-c", "cat; echo problem >&2"])
        process.standardInput = .pipe(input)
        process.standardError = .standardOutput
        let output = Pipe()
        process.standardOutput = .pipe(output)
        try process.run()
        input.fileHandleForWriting.write(Data("hello\n".utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text == "hello\nproblem\n")
        #expect(process.terminationStatus == 0)
    }

    @Test("a child leads a process group of its own unless asked not to, and starts with no signal blocked")
    func processGroupAndSignalMask() throws {
        // This thread blocks SIGTERM and SIGUSR1, as the test runner's and the preview's worker threads block
        // signals; the child must not inherit that.
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        sigaddset(&blocked, SIGUSR1)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let status = ChildProcess(executable: "/bin/grep", arguments: ["^SigBlk:", "/proc/self/status"])
        #expect(try printed(by: status) == "SigBlk:\t0000000000000000\n")

        for own in [true, false] {
            let input = Pipe()
            let process = ChildProcess(executable: "/bin/cat")
            process.startsProcessGroup = own
            process.standardInput = .pipe(input)
            try process.run()
            let group = getpgid(process.processIdentifier)
            #expect(group == (own ? process.processIdentifier : getpgrp()))
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
    }

    @Test("a program, a working directory or an output file that is not there: an error naming it and what to do")
    func errors() throws {
        let missing = ChildProcess(executable: "/nonexistent/widgetterm-tool", arguments: ["--version"])
        #expect(
            throws: ChildProcessError(
                path: "/nonexistent/widgetterm-tool", code: ENOENT,
                message: "cannot run /nonexistent/widgetterm-tool: there is no such file; check the path, or install the program")
        ) {
            try missing.run()
        }
        #expect(!missing.isRunning)

        let folder = ChildProcess(executable: "/tmp")
        #expect(
            throws: ChildProcessError(
                path: "/tmp", code: EACCES, message: "cannot run /tmp: it is a directory, not a program; give the program's path")
        ) {
            try folder.run()
        }

        let elsewhere = ChildProcess(executable: "/bin/true")
        elsewhere.currentDirectoryURL = URL(fileURLWithPath: "/nonexistent/folder")
        #expect(
            throws: ChildProcessError(
                path: "/bin/true", code: ENOENT,
                message:
                    "cannot run /bin/true in /nonexistent/folder: there is no such directory; create it or give another working directory")
        ) {
            try elsewhere.run()
        }

        let unwritable = ChildProcess(executable: "/bin/true")
        unwritable.standardOutput = .file("/nonexistent/folder/out.txt")
        #expect(
            throws: ChildProcessError(
                path: "/bin/true", code: ENOENT,
                message: "cannot open /nonexistent/folder/out.txt for the standard output of /bin/true: No such file or directory")
        ) {
            try unwritable.run()
        }
        #expect(
            ChildProcessError(launching: "/x", code: ENOENT).localizedDescription
                == "cannot run /x: there is no such file; check the path, or install the program")
    }

    @Test("spawn by id: /dev/null in, output to a file with mode 0600, reaped by a ChildReaper")
    func spawnByID() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        let spawned = ChildProcess.spawn(
            ["/bin/sh", "-c", "cat; echo out; echo err >&2; exit 3"], environment: [:], outputPath: file.path)
        let pid = try #require(spawned.pid, "errno \(spawned.error)")
        let reaper = ChildReaper(pid: pid, name: "child-test")
        #expect(reaper.wait(seconds: 60))
        #expect(reaper.exitStatus == 3)
        #expect(try String(contentsOf: file, encoding: .utf8) == "out\nerr\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o600)
        #expect(ChildProcess.spawn(["/nonexistent/tool"], environment: [:], outputPath: nil).error == ENOENT)
    }

    @Test("no source or test starts a program with Foundation's Process (the #Preview plugin builder aside)")
    func nothingUsesFoundationsProcess() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let pattern = try NSRegularExpression(
            pattern: #"(?<![A-Za-z])(Process\(\)|Process\.launchedProcess|\[Process\]|: Process[?]?[ ,)=])"#)
        var found: [String] = []
        for folder in ["Sources", "Tests"] {
            let base = root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            for file in files
            where file.hasSuffix(".swift") && !file.hasPrefix("PreviewMacroPlugin/") && !file.hasSuffix("ChildProcessTests.swift") {
                let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
                let matches = pattern.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
                if matches > 0 { found.append("\(folder)/\(file)") }
            }
        }
        #expect(found == [], "start programs with ChildProcess (or ProgramRun in tests), not Foundation's Process")
    }
}
