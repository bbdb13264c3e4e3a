import Foundation

// MARK: - The widget code as a shared library, for Swift hot reload

/// The extension the preview runs: a stub program, linked once from WidgetTerm's objects, that loads the
/// developer's code from a shared library. `WIDGETTERM_EXTENSION_LIBRARY` names the library and
/// `WIDGETTERM_EXTENSION_ENTRY` its `@main` entry point (`<Module>_main`); the stub calls it with its own
/// arguments, so the library runs every command as the SwiftPM-built program does.
public struct ExtensionLibrary: Sendable, Equatable {
    /// The stub program (WidgetTerm's modules, exporting their symbols to the library it loads).
    public let stub: String
    /// The developer's modules, linked as one shared library (`lib<Module>.so`).
    public let library: String
    /// The library's entry point: the `@main` bundle's `main`, renamed as SwiftPM renames it.
    public let entryPoint: String

    /// The variables that make `stub` load `library` and call `entryPoint`.
    public var environment: [String: String] {
        ["WIDGETTERM_EXTENSION_LIBRARY": library, "WIDGETTERM_EXTENSION_ENTRY": entryPoint]
    }
}

/// Builds `ExtensionLibrary`s in a host package's `reload/` folder: after a SwiftPM build, from SwiftPM's own
/// objects and commands (read from its `debug.yaml`); on a save, by compiling the developer's modules with
/// `swiftc -incremental` into `reload/objects/<Module>` and linking only them (docs/DECISIONS.md, "Swift hot
/// reload in a library").
struct ExtensionLibraryBuild {
    let host: HostPackage
    let toolchain: Toolchain
    /// A hash of what every module is built against (layout version, toolchain, WidgetTerm checkout and its
    /// sources, `#Preview` plugin): when it changes, the stub and SwiftPM's modules are stale, so no fast rebuild.
    let base: String

    var folder: String { host.directory + "/reload" }
    var stubPath: String { folder + "/widgetterm-extension-stub" }
    var libraryPath: String { folder + "/lib" + host.moduleName + ".so" }
    var entryPoint: String { host.moduleName + "_main" }
    private var planFile: String { folder + "/plan-" + host.moduleName + ".json" }
    private var inputsFile: String { folder + "/built-inputs-" + host.moduleName }
    var modulesFolder: String { folder + "/modules" }
    var clang: String { (toolchain.swiftc as NSString).deletingLastPathComponent + "/clang" }

    var product: ExtensionLibrary { ExtensionLibrary(stub: stubPath, library: libraryPath, entryPoint: entryPoint) }

    /// What a fast rebuild needs from the last SwiftPM build: each module's compile command, the file set it
    /// compiled (as a signature), and the files it left out with a hash of their text.
    struct Plan: Codable {
        /// Module name → `swiftc` arguments (without the program), for `reload/objects/<Module>`.
        var compiles: [String: [String]]
        /// The modules, each before those that import it.
        var order: [String]
        /// Module name → the host source files it compiles.
        var sources: [String: [String]]
        /// `base`, modules, dependencies and files of the last full build: a fast rebuild needs the same.
        var structure: String
        var leftOut: [LeftOutFile]
        /// A hash of the left-out files' text: a change may make one compile again.
        var leftOutText: String
    }

    /// The inputs hash the library was last built from.
    var builtInputs: String? {
        FileManager.default.contents(atPath: inputsFile).map { String(decoding: $0, as: UTF8.self) }
    }

    var isBuilt: Bool {
        FileManager.default.isExecutableFile(atPath: stubPath) && FileManager.default.fileExists(atPath: libraryPath)
            && FileManager.default.fileExists(atPath: planFile)
    }

    func recordBuilt(inputs: String) throws {
        try Data(inputs.utf8).write(to: URL(fileURLWithPath: inputsFile), options: .atomic)
    }

    var plan: Plan? {
        guard let data = FileManager.default.contents(atPath: planFile) else { return nil }
        return try? JSONDecoder().decode(Plan.self, from: data)
    }

    /// The file set's signature: `base`, module names, their dependencies and files, in order.
    static func structure(of sources: HostSources, base: String) -> String {
        var hash = StableHash()
        hash.add(base)
        hash.add(sources.modules, withContents: false)
        return hash.hex
    }

    /// A hash of the text of the files `leftOut` names, as the sources hold them now.
    static func leftOutText(_ leftOut: [LeftOutFile], sources: HostSources) -> String {
        var hash = StableHash()
        let paths = Set(leftOut.map(\.file.path))
        for module in sources.modules {
            for file in module.files where paths.contains(file.source.path) {
                hash.add(file.source.path)
                hash.add(file.contents)
            }
        }
        return hash.hex
    }

    // MARK: After a SwiftPM build

    /// Links the stub (when WidgetTerm's objects changed) and the library from the SwiftPM build just made, and
    /// records the commands a fast rebuild runs.
    ///
    /// - Throws: `HostPackageError` when SwiftPM's build description cannot be read or a link fails.
    func prepareFromSwiftPMBuild(leftOut: [LeftOutFile], progress: Progress) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: modulesFolder, withIntermediateDirectories: true)
        let description = host.scratchDirectory + "/debug.yaml"
        guard let yaml = manager.contents(atPath: description).map({ String(decoding: $0, as: UTF8.self) }) else {
            throw HostPackageError("cannot read SwiftPM's build description \(description)")
        }
        guard let link = Self.command(in: yaml, named: host.moduleName, kind: "exe"),
            let fileList = link.first(where: { $0.hasPrefix("@") }).map({ String($0.dropFirst()) }),
            let listed = manager.contents(atPath: fileList).map({ String(decoding: $0, as: UTF8.self) })
        else {
            throw HostPackageError("cannot find how SwiftPM linked \(host.moduleName) in \(description)")
        }
        let objects = listed.split(separator: "\n").map { Self.unquoted(String($0)) }
        let userFolders = host.sources.modules.map { "/" + $0.name + ".build/" }
        let isUsers = { (path: String) in userFolders.contains { path.contains($0) } }
        // The stub: WidgetTerm's objects, except the preview-records reader, which the stub replaces with one that
        // reads the loaded library's records.
        let stubObjects = objects.filter { !isUsers($0) && !$0.contains("/CPreviewRecords.build/") }
        try linkStubIfNeeded(objects: stubObjects, swiftPMLink: link, progress: progress)

        var compiles: [String: [String]] = [:]
        var sources: [String: [String]] = [:]
        for module in host.sources.modules {
            guard let arguments = Self.command(in: yaml, named: module.name, kind: "module") else {
                throw HostPackageError("cannot find how SwiftPM compiled \(module.name) in \(description)")
            }
            guard let list = arguments.first(where: { $0.hasPrefix("@") && $0.hasSuffix("/sources") }),
                let text = manager.contents(atPath: String(list.dropFirst()))
            else {
                throw HostPackageError("cannot find the sources SwiftPM compiled for \(module.name)")
            }
            sources[module.name] = String(decoding: text, as: UTF8.self).split(separator: "\n").map { Self.unquoted(String($0)) }
            compiles[module.name] = Self.fastCompileArguments(
                from: arguments, module: module.name, mainModule: host.moduleName, reloadFolder: folder)
        }
        let plan = Plan(
            compiles: compiles, order: host.sources.modules.map(\.name), sources: sources,
            structure: Self.structure(of: host.sources, base: base), leftOut: leftOut,
            leftOutText: Self.leftOutText(leftOut, sources: host.sources))
        try linkLibrary(objects: objects.filter(isUsers))
        try JSONEncoder().encode(plan).write(to: URL(fileURLWithPath: planFile), options: .atomic)
    }

    /// The arguments of the SwiftPM command `C.<name>-<triple>-debug.<kind>` in `debug.yaml`, without the program.
    static func command(in yaml: String, named name: String, kind: String) -> [String]? {
        var inCommand = false
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  \"") {
                inCommand = line.hasPrefix("  \"C.\(name)-") && line.hasSuffix("-debug.\(kind)\":")
                continue
            }
            guard inCommand, let range = line.range(of: "    args: "), range.lowerBound == line.startIndex else { continue }
            guard let array = try? JSONSerialization.jsonObject(with: Data(line[range.upperBound...].utf8)) as? [String] else { return nil }
            return Array(array.dropFirst())
        }
        return nil
    }

    static func unquoted(_ path: String) -> String {
        path.count >= 2 && path.hasPrefix("\"") && path.hasSuffix("\"") ? String(path.dropFirst().dropLast()) : path
    }

    /// SwiftPM's compile command for a module, turned into the fast one: its own objects and module file under
    /// `reload/`, the modules built there found first, and nothing a reload does not need (index store,
    /// serialized diagnostics, debug information, parseable output).
    static func fastCompileArguments(from arguments: [String], module: String, mainModule: String, reloadFolder folder: String) -> [String]
    {
        let objects = folder + "/objects/" + module
        let modulesFolder = folder + "/modules"
        var result = ["-I", modulesFolder]
        var index = 0
        let dropped: Set<String> = ["-parseable-output", "-serialize-diagnostics", "-emit-dependencies", "-g", "-emit-objc-header"]
        let droppedWithValue: Set<String> = ["-index-store-path", "-emit-objc-header-path"]
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if ["-Xcc", "-Xfrontend", "-Xlinker"].contains(argument), index < arguments.count {
                result += [argument, arguments[index]]
                index += 1
                continue
            }
            if dropped.contains(argument) { continue }
            if droppedWithValue.contains(argument) {
                index += 1
                continue
            }
            if argument == "-emit-module" && module == mainModule { continue }
            if argument == "-emit-module-path" {
                // No module imports the extension's own: only the local packages' modules are emitted.
                if module != mainModule { result += [argument, modulesFolder + "/" + module + ".swiftmodule"] }
                index += 1
            } else if argument == "-output-file-map" {
                result += [argument, objects + "/output-file-map.json"]
                index += 1
            } else if argument.hasPrefix("@") && argument.hasSuffix("/sources") {
                result.append("@" + objects + "/sources")
            } else {
                result.append(argument)
            }
        }
        return result
    }

    /// The stub's C source: `main` loads the library and calls its entry point; `widgetterm_preview_records`
    /// (WidgetKitUI's reader of `#Preview` records) answers with the library's records.
    static let stubSource = """
        // Generated by widgetterm: loads a widget extension's shared library and runs its @main.
        #include <dlfcn.h>
        #include <stddef.h>
        #include <stdio.h>
        #include <stdlib.h>

        static void *library;

        typedef const void *const *(*records_function)(size_t *);

        const void *const *widgetterm_preview_records(size_t *count) {
            records_function records = library ? (records_function)dlsym(library, "widgetterm_library_preview_records") : NULL;
            if (records == NULL) {
                *count = 0;
                return NULL;
            }
            return records(count);
        }

        int main(int argc, char **argv) {
            const char *path = getenv("WIDGETTERM_EXTENSION_LIBRARY");
            const char *entry = getenv("WIDGETTERM_EXTENSION_ENTRY");
            if (path == NULL || entry == NULL) {
                fprintf(stderr, "widgetterm extension stub: WIDGETTERM_EXTENSION_LIBRARY and WIDGETTERM_EXTENSION_ENTRY must name the library and its entry point\\n");
                return 2;
            }
            library = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
            if (library == NULL) {
                fprintf(stderr, "widgetterm extension stub: cannot load %s: %s\\n", path, dlerror());
                return 2;
            }
            int (*start)(int, char **) = (int (*)(int, char **))dlsym(library, entry);
            if (start == NULL) {
                fprintf(stderr, "widgetterm extension stub: %s has no entry point %s\\n", path, entry);
                return 2;
            }
            return start(argc, argv);
        }

        """

    /// Linked into each library: the bounds of its own `#Preview` records section (hidden, so they are the
    /// library's and not the stub's).
    static let recordsSource = """
        // Generated by widgetterm: the #Preview records of the library this is linked into.
        #include <stddef.h>

        extern const void *const __start_widgetterm_previews[] __attribute__((weak, visibility("hidden")));
        extern const void *const __stop_widgetterm_previews[] __attribute__((weak, visibility("hidden")));

        const void *const *widgetterm_library_preview_records(size_t *count) {
            if (__start_widgetterm_previews == NULL || __stop_widgetterm_previews == NULL
                || __stop_widgetterm_previews <= __start_widgetterm_previews) {
                *count = 0;
                return NULL;
            }
            *count = (size_t)(__stop_widgetterm_previews - __start_widgetterm_previews);
            return __start_widgetterm_previews;
        }

        """

    private func compileC(_ source: String, named name: String) throws -> String {
        let sourcePath = folder + "/" + name + ".c"
        let objectPath = folder + "/" + name + ".o"
        if FileManager.default.contents(atPath: sourcePath) == Data(source.utf8), FileManager.default.fileExists(atPath: objectPath) {
            return objectPath
        }
        try Data(source.utf8).write(to: URL(fileURLWithPath: sourcePath), options: .atomic)
        _ = try ProgramRunner.output(clang, ["-c", "-O1", "-fPIC", sourcePath, "-o", objectPath + ".tmp"])
        try Self.replace(objectPath, with: objectPath + ".tmp")
        return objectPath
    }

    /// Links the stub from `objects` with SwiftPM's link flags (system libraries), exporting every symbol so the
    /// library binds to the stub's WidgetTerm; skipped when the objects did not change since the last link.
    private func linkStubIfNeeded(objects: [String], swiftPMLink: [String], progress: Progress) throws {
        var hash = StableHash()
        hash.add(Self.stubSource)
        for path in objects {
            hash.add(path)
            var status = stat()
            if stat(path, &status) == 0 {
                hash.add("\(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)")
            }
        }
        let stampFile = stubPath + ".inputs"
        if FileManager.default.isExecutableFile(atPath: stubPath),
            FileManager.default.contents(atPath: stampFile) == Data(hash.hex.utf8)
        {
            return
        }
        progress.say("linking the extension stub that loads your code as a library (once per WidgetTerm build)")
        let stubObject = try compileC(Self.stubSource, named: "stub")
        let list = folder + "/stub-objects"
        try Data(([stubObject] + objects).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: list), options: .atomic)
        var arguments: [String] = []
        var index = 0
        while index < swiftPMLink.count {
            let argument = swiftPMLink[index]
            index += 1
            switch argument {
            case "-o", "-module-name":
                index += 1
            case "-Xlinker" where index + 1 < swiftPMLink.count && swiftPMLink[index] == "--defsym":
                index += 3 // --defsym -Xlinker main=<Module>_main
            case _ where argument.hasPrefix("@"):
                arguments.append("@" + list)
            default:
                arguments.append(argument)
            }
        }
        arguments += ["-o", stubPath + ".tmp", "-Xlinker", "--export-dynamic"]
        _ = try ProgramRunner.output(toolchain.swiftc, arguments)
        try Self.replace(stubPath, with: stubPath + ".tmp")
        try Data(hash.hex.utf8).write(to: URL(fileURLWithPath: stampFile), options: .atomic)
    }

    /// Links the developer's objects into the library, under a temporary name renamed over the old one: a running
    /// extension keeps the file it mapped.
    private func linkLibrary(objects: [String]) throws {
        let records = try compileC(Self.recordsSource, named: "preview-records")
        _ = try ProgramRunner.output(
            toolchain.swiftc, ["-emit-library", "-o", libraryPath + ".tmp"] + objects + [records])
        try Self.replace(libraryPath, with: libraryPath + ".tmp")
    }

    static func replace(_ path: String, with temporary: String) throws {
        guard rename(temporary, path) == 0 else {
            throw HostPackageError("cannot move \(temporary) to \(path): \(String(cString: strerror(errno)))")
        }
    }

    // MARK: On a save

    enum FastOutcome {
        case built
        /// The fast path cannot tell: the file set changed, a left-out file changed, or an error says a file cannot
        /// compile here (the left-out set may change). The full build decides.
        case needsFullBuild
    }

    /// `swiftc -incremental` compares a source's time with its build record in whole seconds: a source rewritten in
    /// the second in which the previous compile started reads as unchanged, and that save was lost (two saves a
    /// second apart, seen in ExtensionPreviewEndToEndTests). When the last objects were written in the current
    /// second, waits until the next one begins (at most 1 s, only for saves that quick).
    private func waitForASecondAfterTheLastCompile() {
        let manager = FileManager.default
        let objects = folder + "/objects"
        var newest = 0.0
        for module in (try? manager.contentsOfDirectory(atPath: objects)) ?? [] {
            for name in (try? manager.contentsOfDirectory(atPath: objects + "/" + module)) ?? [] {
                let attributes = try? manager.attributesOfItem(atPath: objects + "/" + module + "/" + name)
                if let date = attributes?[.modificationDate] as? Date { newest = max(newest, date.timeIntervalSince1970) }
            }
        }
        let now = Date().timeIntervalSince1970
        guard newest > 0, now.rounded(.down) == newest.rounded(.down) else { return }
        usleep(UInt32(((newest.rounded(.down) + 1 - now) * 1e6).rounded(.up)) + 10_000)
    }

    /// Recompiles the developer's modules with `swiftc -incremental` and relinks the library, without SwiftPM.
    ///
    /// - Throws: `HostPackageError` (status 2) for a compile error in the developer's code, printed first at their
    ///   own paths.
    func fastRebuild(rewriter: String, userFolder: String, progress: Progress) throws -> FastOutcome {
        guard isBuilt, let plan, plan.structure == Self.structure(of: host.sources, base: base),
            plan.leftOutText == Self.leftOutText(plan.leftOut, sources: host.sources),
            plan.order == host.sources.modules.map(\.name)
        else { return .needsFullBuild }
        let started = DispatchTime.now().uptimeNanoseconds
        func seconds(since start: UInt64) -> String {
            String(format: "%.2f", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        waitForASecondAfterTheLastCompile()
        try host.write(rewriter: rewriter, toolchain: toolchain, leavingOut: plan.leftOut)
        let rewritten = DispatchTime.now().uptimeNanoseconds
        let manager = FileManager.default
        let leftOutNames = plan.leftOut.reduce(into: Set<String>()) { names, item in
            let text = manager.contents(atPath: item.file.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
            names.formUnion(LeftOutRules.declaredNames(in: text))
        }
        let userPaths = host.userPaths
        let hostPrefix = host.directory + "/Sources/"
        var objects: [String] = []
        for module in plan.order {
            guard let arguments = plan.compiles[module], let files = plan.sources[module] else { return .needsFullBuild }
            let objectFolder = folder + "/objects/" + module
            try manager.createDirectory(atPath: objectFolder, withIntermediateDirectories: true)
            var map: [String: [String: String]] = ["": ["swift-dependencies": objectFolder + "/module.swiftdeps"]]
            for (number, file) in files.enumerated() {
                let stem = objectFolder + "/\(number)-" + ((file as NSString).lastPathComponent as NSString).deletingPathExtension
                map[file] = ["object": stem + ".o", "swift-dependencies": stem + ".swiftdeps"]
                objects.append(stem + ".o")
            }
            let mapData = try JSONSerialization.data(withJSONObject: map, options: [.sortedKeys])
            if manager.contents(atPath: objectFolder + "/output-file-map.json") != mapData {
                try mapData.write(to: URL(fileURLWithPath: objectFolder + "/output-file-map.json"))
            }
            let list = Data(files.joined(separator: "\n").utf8)
            if manager.contents(atPath: objectFolder + "/sources") != list {
                try list.write(to: URL(fileURLWithPath: objectFolder + "/sources"))
            }
            var diagnostics: [String] = []
            var errors: [String] = []
            let succeeded = try ProgramRunner.streamingLines(toolchain.swiftc, arguments) { line in
                let mapped = HostPackage.mapped(line, hostSources: hostPrefix, userPaths: userPaths)
                diagnostics.append(mapped)
                if mapped.contains(": error: ") { errors.append(mapped) }
            }
            if !succeeded {
                if errors.contains(where: { LeftOutRules.showsUnbuildable($0, leftOutNames: leftOutNames) }) { return .needsFullBuild }
                var seen = Set<String>()
                for line in diagnostics where seen.insert(line).inserted { progress.pass(line) }
                throw HostPackageError(
                    "building \(userFolder) failed"
                        + (errors.isEmpty ? "" : " with \(errors.count) error\(errors.count == 1 ? "" : "s") (above, at your files' lines)")
                        + "; Apple API that WidgetTerm does not mirror yet is listed in README.md, \"Porting a real widget file\"")
            }
        }
        let compiled = DispatchTime.now().uptimeNanoseconds
        try linkLibrary(objects: objects)
        // The preview's reload log (scripts/measure-reload.sh) keeps this line: the split of a fast rebuild.
        progress.say(
            "rebuilt \((libraryPath as NSString).lastPathComponent) without SwiftPM: rewrite "
                + String(format: "%.2f", Double(rewritten - started) / 1e9)
                + " s, compile " + String(format: "%.2f", Double(compiled - rewritten) / 1e9) + " s, link \(seconds(since: compiled)) s")
        return .built
    }
}
