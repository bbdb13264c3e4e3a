import Foundation
import WidgetHost
import WidgetKitUI
import WidgetDocument

// MARK: - open

/// `widgetterm open URL [KIND|FILE...] [--document FILE] [--routes FILE] [--open-command CMD]`: routes a URL as a
/// tap would (ARCHITECTURE.md "Taps"): prints the URL, the matched route and its parameters; with no match, a
/// warning naming the closest route. The route table is every route the widgets given declare (kinds or widget
/// documents after the URL, and `--document FILE`; by default every widget of the bundle, `.widgetTermRoutes`)
/// plus those of `--routes FILE`. `--open-command CMD` then runs CMD with the URL as its one argument, never
/// through a shell.
///
/// Exit status: 0 when a route matches (and CMD, if given, exited 0); 1 when no route matches, or CMD
/// exited non-zero; 2 for usage errors, an unreadable or invalid routes file, or a CMD that cannot start.
enum OpenCommand {
    /// The routes every widget declares plus those of `--routes FILE` (shared with `preview`).
    ///
    /// - Throws: `UsageError` naming the routes file and its problem.
    static func router(for widgets: [WidgetDescriptor], _ parsed: ParsedArguments) throws -> DeepLinkRouter {
        do {
            var router = try DeepLinkRouter(widgets: widgets)
            if let file = parsed["routes"] { router.add(try routes(inFile: file)) }
            return router
        } catch let error as RouteTableError {
            throw UsageError(error.description)
        }
    }

    /// The routes of `--routes FILE`. An empty file (such as /dev/null) holds no routes, and says so.
    ///
    /// - Throws: `UsageError` for a file that cannot be read or holds no routes; `RouteTableError` for invalid JSON.
    static func routes(inFile file: String) throws -> [Route] {
        let data = try InputFile.read(file, flag: "routes")
        guard data.contains(where: { !" \t\r\n".utf8.contains($0) }) else {
            let example = #"{"routes": [{"name": "order", "pattern": "shop://orders/{id}"}]}"#
            throw UsageError("--routes \(file) is empty: no routes; give a JSON routes file such as \(example)")
        }
        return try DeepLinkRouter.routes(json: data, source: file)
    }

    /// The `--open-command CMD` that opened URLs are handed to, if given (shared with `preview`).
    ///
    /// - Throws: `UsageError` when CMD cannot be used.
    static func opener(_ parsed: ParsedArguments) throws -> URLOpener? {
        try parsed["open-command"].map { command in
            do {
                return try URLOpener(command: command)
            } catch let error as URLOpenerError {
                throw UsageError(error.description)
            }
        }
    }

    static func run(_ arguments: [String], widgets: [WidgetDescriptor], output: TextStream, errors: TextStream) throws -> Int32 {
        let parsed = try ParsedArguments(arguments, valued: ["routes", "open-command", "document", "app-group"], boolean: ["help"])
        if parsed.switches.contains("help") {
            output.write(Help.open)
            return 0
        }
        guard let text = parsed.positionals.first else { throw UsageError("open needs a URL, like shop://orders/42") }
        guard let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty else {
            throw UsageError("\(text) is not a URL with a scheme; give one like shop://orders/42")
        }
        // The routes of the widgets given (kinds or documents after the URL, and --document FILE), else of every widget.
        let named = Array(parsed.positionals.dropFirst()) + (parsed.allValues["document"] ?? [])
        for file in parsed.allValues["document"] ?? [] where !WidgetDocument.isDocumentArgument(file) || InputFile.nonFileKind(file) != nil
        {
            throw UsageError("--document \(file) is not a widget document file; give a .json document (docs/widget-document.md)")
        }
        let routed = named.isEmpty ? widgets : try named.map { try widget(named: $0, in: widgets) }
        let router = try Self.router(for: routed, parsed)
        let opener = try Self.opener(parsed)

        let result = router.route(url)
        var status: Int32 = 0
        switch result {
        case .matched:
            for line in result.lines { output.write(line + "\n") }
        case .unmatched(let miss):
            output.write("url: \(url.absoluteString)\nroute: none\n")
            errors.write(DiagnosticFormatter.text([miss.diagnostic]))
            status = 1
        }
        if let opener {
            let opened: URLOpenerResult
            do {
                opened = try opener.open(url, capturesOutput: false)
            } catch let error as URLOpenerError {
                throw UsageError(error.description)
            }
            let exit = opened.exitStatus.map { "exited \($0)" } ?? "did not stop"
            output.write(
                "opened: \(opener.executable.path) with the URL as its one argument; \(opened.timedOut ? "it timed out and was stopped" : "it \(exit)")\n"
            )
            if opened.exitStatus != 0 { status = 1 }
        }
        return status
    }
}
