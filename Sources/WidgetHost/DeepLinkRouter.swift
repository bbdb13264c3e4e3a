import Foundation
import WidgetKitUI

// MARK: - Routes

/// One route of the app a widget opens: a name and a pattern `scheme://host/path/{parameter}`
/// (ARCHITECTURE.md "Taps"). This stands in for the app's `onOpenURL(perform:)` handler, so a tap shows which
/// screen of the app it would open.
///
/// Pattern grammar: a scheme (a letter, then letters, digits, `+`, `-`, `.`), `://`, a host, then `/`
/// separated path segments. The host and each segment are either literal text or a whole-segment
/// parameter `{name}` (a letter or `_`, then letters, digits or `_`; each name once). Scheme and host
/// compare case-insensitively, path segments exactly, after percent-decoding the URL. Empty segments
/// and a trailing `/` are ignored. Patterns have no query or fragment: a URL's query items are reported
/// beside the match.
public struct Route: Hashable, Sendable, CustomStringConvertible {
    /// A host or path segment of a pattern.
    public enum Component: Hashable, Sendable, CustomStringConvertible {
        case literal(String)
        case parameter(String)

        /// The component as written in a pattern: the literal text, or `{name}` for a parameter.
        public var description: String {
            switch self {
            case .literal(let text): return text
            case .parameter(let name): return "{\(name)}"
            }
        }
    }

    /// The route's name, as given in a routes file or derived from the pattern (`shop.orders.id`).
    public let name: String
    /// The pattern as written.
    public let pattern: String
    /// Lowercased.
    public let scheme: String
    /// The host: literal text compared case-insensitively, or a parameter that matches any host.
    public let host: Component
    /// The path segments in order, each literal text or a parameter matching one whole segment.
    public let path: [Component]

    /// Parses a pattern.
    ///
    /// - Throws: `RoutePatternError` naming the problem and showing a valid pattern.
    public init(name: String, pattern: String) throws {
        func fail(_ problem: String) -> RoutePatternError { RoutePatternError(pattern: pattern, problem: problem) }
        guard let separator = pattern.range(of: "://") else {
            throw fail("it has no scheme; write it as scheme://host/path, e.g. shop://orders/{id}")
        }
        let scheme = String(pattern[..<separator.lowerBound])
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else {
            throw fail("the scheme \"\(scheme)\" must start with a letter and hold only letters, digits, +, - and .")
        }
        let rest = pattern[separator.upperBound...]
        if rest.contains("?") || rest.contains("#") {
            throw fail("patterns have no query or fragment (the router reports a URL's query items beside the match)")
        }
        let pieces = rest.split(separator: "/", omittingEmptySubsequences: false)
        var names: Set<String> = []
        func component(_ text: Substring) throws -> Component {
            guard text.contains("{") || text.contains("}") else { return .literal(text.removingPercentEncoding ?? String(text)) }
            guard text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 else {
                throw fail("\"\(text)\": a parameter is a whole segment in braces, like {id}")
            }
            let parameter = String(text.dropFirst().dropLast())
            guard let initial = parameter.first, initial.isASCII, initial.isLetter || initial == "_",
                parameter.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            else {
                throw fail("\"\(parameter)\" is not a parameter name (a letter or _, then letters, digits or _)")
            }
            guard names.insert(parameter).inserted else { throw fail("the parameter {\(parameter)} appears twice") }
            return .parameter(parameter)
        }
        self.name = name
        self.pattern = pattern
        self.scheme = scheme.lowercased()
        let host = try component(pieces.first ?? "")
        if case .literal(let text) = host { self.host = .literal(text.lowercased()) } else { self.host = host }
        path = try pieces.dropFirst().filter { !$0.isEmpty }.map(component)
    }

    /// Number of literal components: a more specific route wins over one with parameters.
    var specificity: Int {
        ([host] + path).filter { if case .literal = $0 { return true } else { return false } }.count
    }

    /// `name (pattern)`.
    public var description: String { "\(name) (\(pattern))" }

    /// A name made from a pattern when none is given (widget routes): the scheme, host and segments
    /// joined by dots, parameters by their names, e.g. `shop://orders/{id}` → `shop.orders.id`.
    public static func derivedName(of pattern: String) -> String {
        pattern.replacingOccurrences(of: "://", with: "/").split(separator: "/")
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "{}")) }
            .filter { !$0.isEmpty }.joined(separator: ".")
    }
}

/// A route pattern that cannot be parsed.
public struct RoutePatternError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    /// What is wrong with it, in words, with an example of a valid pattern where one helps.
    public let problem: String

    /// An error for `pattern` with the explanation `problem`.
    public init(pattern: String, problem: String) {
        self.pattern = pattern
        self.problem = problem
    }

    /// `route pattern "PATTERN": PROBLEM`, as printed.
    public var description: String { "route pattern \"\(pattern)\": \(problem)" }
}

/// A route table that cannot be built: which source (a file or a widget), where in it, and what is wrong.
public struct RouteTableError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The routes file path, or `widget KIND`.
    public let source: String
    /// A JSON path such as `routes[2].pattern` (files) or `.widgetTermRoutes[1]` (widgets); empty for the
    /// whole source.
    public let location: String
    /// What is wrong, in words.
    public let problem: String

    /// An error in `source` at `location` (empty for the whole source), explained by `problem`.
    public init(source: String, location: String, problem: String) {
        self.source = source
        self.location = location
        self.problem = problem
    }

    /// `SOURCE: LOCATION: PROBLEM` (without the location when it is empty), as printed.
    public var description: String { location.isEmpty ? "\(source): \(problem)" : "\(source): \(location): \(problem)" }
}

// MARK: - Results

/// A named value taken from a URL: a route parameter or a query item (percent-decoded).
public struct RouteParameter: Hashable, Sendable, CustomStringConvertible {
    /// The parameter's name in the pattern (`id` for `{id}`), or the query item's name.
    public let name: String
    /// The value taken from the URL, percent-decoded.
    public let value: String
    /// A parameter or query item with its `name` and decoded `value`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
    /// `name=value`, as printed.
    public var description: String { "\(name)=\(value)" }
}

/// A URL that matched a route.
public struct RouteMatch: Hashable, Sendable {
    /// The URL as given.
    public let url: URL
    /// The route it matched: the most specific one, then the first declared.
    public let route: Route
    /// The route's parameters in pattern order.
    public let parameters: [RouteParameter]
    /// The URL's query items, in order (not part of matching).
    public let queryItems: [RouteParameter]

    /// The value of a parameter.
    public subscript(parameter name: String) -> String? { parameters.first { $0.name == name }?.value }
}

/// A URL no route matches, with the closest route and a warning.
public struct UnmatchedURL: Equatable, Sendable {
    /// The URL as given.
    public let url: URL
    /// The route nearest to the URL, nil when the table is empty.
    public let closestRoute: Route?
    /// Edits between the URL and `closestRoute` (characters; a parameter matches any one segment).
    public let distance: Int?
    /// `unmatched-deep-link`, a warning naming the closest route.
    public let diagnostic: Diagnostic
}

/// What the router made of a URL.
public enum RoutingResult: Equatable, Sendable {
    case matched(RouteMatch)
    case unmatched(UnmatchedURL)

    /// The URL routed, matched or not.
    public var url: URL {
        switch self {
        case .matched(let match): return match.url
        case .unmatched(let miss): return miss.url
        }
    }

    /// The match, if any.
    public var match: RouteMatch? {
        if case .matched(let match) = self { return match }
        return nil
    }

    /// Lines for the event log, the app panel and `open`: the URL, then the route and each parameter (or
    /// the warning), each on one line with control characters escaped (`TerminalText`): decoded parameters
    /// come straight from the URL.
    public var lines: [String] { rawLines.map { TerminalText.escaped($0) } }

    private var rawLines: [String] {
        switch self {
        case .matched(let match):
            return ["url: \(match.url.absoluteString)", "route: \(match.route.name) (\(match.route.pattern))"]
                + match.parameters.map { "  \($0.name) = \($0.value)" }
                + match.queryItems.map { "  ?\($0.name) = \($0.value)" }
        case .unmatched(let miss):
            return ["url: \(miss.url.absoluteString)", "route: none", "warning: \(miss.diagnostic.message)"]
        }
    }
}

// MARK: - The router

/// Matches URLs against a route table, as the app behind a widget would (ARCHITECTURE.md "Taps"). Routes come
/// from the widget bundle (`.widgetTermRoutes([...])` on a configuration) and from a routes file.
///
/// Routes file (JSON, `--routes FILE`):
///
/// ```json
/// {
///   "routes": [
///     { "name": "order", "pattern": "shop://orders/{id}" },
///     { "name": "orders", "pattern": "shop://orders" }
///   ]
/// }
/// ```
///
/// `routes` is required; each route needs a non-empty string `pattern` (grammar: `Route`) and may have a
/// string `name` (default: derived from the pattern, `shop.orders.id`). Names must be unique in the file.
/// Other keys are errors, so a misspelt key does not pass silently.
///
/// Matching: the most specific matching route wins (most literal components), then the first declared.
/// A URL is never handed to a shell; see `URLOpener`.
public struct DeepLinkRouter: Sendable {
    /// The routes in the order they were added (a bundle's, then a routes file's).
    public private(set) var routes: [Route]

    /// A router with `routes`, in that order; none by default.
    public init(routes: [Route] = []) {
        self.routes = routes
    }

    /// The routes every widget of a bundle declares (`.widgetTermRoutes`), named from their patterns; a
    /// pattern declared by several widgets appears once.
    ///
    /// - Throws: `RouteTableError` naming the widget, the index and the problem.
    public init(widgets: [WidgetDescriptor]) throws {
        var routes: [Route] = []
        for widget in widgets {
            for (index, pattern) in widget.routes.enumerated() where !routes.contains(where: { $0.pattern == pattern }) {
                do {
                    routes.append(try Route(name: Route.derivedName(of: pattern), pattern: pattern))
                } catch let error as RoutePatternError {
                    throw RouteTableError(
                        source: "widget \(widget.kind)", location: ".widgetTermRoutes[\(index)]",
                        problem: "\"\(pattern)\": \(error.problem)")
                }
            }
        }
        self.init(routes: Self.uniquingNames(routes))
    }

    /// Adds routes after the existing ones (a file's routes after the bundle's).
    public mutating func add(_ newRoutes: [Route]) {
        routes = Self.uniquingNames(routes + newRoutes)
    }

    /// Reads a routes file.
    ///
    /// - Throws: `RouteTableError` with the file path, the JSON path and the problem.
    public static func routes(contentsOf file: URL) throws -> [Route] {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw RouteTableError(source: file.path, location: "", problem: "cannot read the routes file (\(error.localizedDescription))")
        }
        return try routes(json: data, source: file.path)
    }

    /// Parses routes-file JSON; `source` names it in errors.
    ///
    /// - Throws: `RouteTableError` with `source`, the JSON path and the problem.
    public static func routes(json data: Data, source: String) throws -> [Route] {
        func fail(_ location: String, _ problem: String) -> RouteTableError {
            RouteTableError(source: source, location: location, problem: problem)
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw fail("", "not valid JSON (\(detail))")
        }
        let example = "{\"routes\": [{\"name\": \"order\", \"pattern\": \"shop://orders/{id}\"}]}"
        guard let root = object as? [String: Any] else { throw fail("", "the top level must be an object like \(example)") }
        for key in root.keys.sorted() where key != "routes" {
            throw fail(key, "unknown key; the top level has only \"routes\"")
        }
        guard let list = root["routes"] else { throw fail("routes", "missing; give an array like \(example)") }
        guard let entries = list as? [Any] else { throw fail("routes", "must be an array of {\"name\", \"pattern\"} objects") }
        var routes: [Route] = []
        for (index, entry) in entries.enumerated() {
            let location = "routes[\(index)]"
            guard let fields = entry as? [String: Any] else {
                throw fail(location, "must be an object like {\"name\": \"order\", \"pattern\": \"shop://orders/{id}\"}")
            }
            for key in fields.keys.sorted() where key != "name" && key != "pattern" {
                throw fail("\(location).\(key)", "unknown key; a route has \"name\" and \"pattern\"")
            }
            guard let rawPattern = fields["pattern"] else { throw fail("\(location).pattern", "missing") }
            guard let pattern = rawPattern as? String, !pattern.isEmpty else {
                throw fail("\(location).pattern", "must be a non-empty string such as \"shop://orders/{id}\"")
            }
            var name = Route.derivedName(of: pattern)
            if let rawName = fields["name"] {
                guard let given = rawName as? String, !given.isEmpty else { throw fail("\(location).name", "must be a non-empty string") }
                name = given
            }
            if let earlier = routes.firstIndex(where: { $0.name == name }) {
                throw fail("\(location).name", "\"\(name)\" is already the name of routes[\(earlier)]; names must be unique")
            }
            do {
                routes.append(try Route(name: name, pattern: pattern))
            } catch let error as RoutePatternError {
                throw fail("\(location).pattern", "\"\(pattern)\": \(error.problem)")
            }
        }
        return routes
    }

    /// Routes a URL: the best match, or a warning naming the closest route.
    ///
    /// - Parameters:
    ///   - url: The URL a tap opened (or `widgetterm open` was given).
    ///   - widget: The widget kind, for the diagnostic (nil: the URL's scheme stands in).
    public func route(_ url: URL, widget: String? = nil) -> RoutingResult {
        let parts = URLParts(url)
        var best: (route: Route, parameters: [RouteParameter])?
        for route in routes {
            guard let parameters = parts.match(route) else { continue }
            if best == nil || route.specificity > best!.route.specificity { best = (route, parameters) }
        }
        if let best {
            return .matched(RouteMatch(url: url, route: best.route, parameters: best.parameters, queryItems: parts.queryItems))
        }
        var closest: (route: Route, distance: Int)?
        for route in routes {
            let distance = parts.distance(to: route)
            if closest == nil || distance < closest!.distance { closest = (route, distance) }
        }
        let message: String
        if let closest {
            message =
                "No route matches \(url.absoluteString); the closest is \(closest.route.name) (\(closest.route.pattern)), "
                + "\(closest.distance) edit\(closest.distance == 1 ? "" : "s") away. Fix the URL, or add a route for it to the widget's "
                + ".widgetTermRoutes([...]) or the routes file."
        } else {
            message =
                "No route matches \(url.absoluteString): the route table is empty. Declare routes with .widgetTermRoutes([...]) "
                + "on the widget configuration, or pass --routes FILE."
        }
        var values = ["url": url.absoluteString]
        if let closest {
            values["closest"] = closest.route.pattern
            values["distance"] = "\(closest.distance)"
        }
        let diagnostic = Diagnostic(
            severity: .warning, code: "unmatched-deep-link", message: message,
            widget: widget ?? url.scheme ?? url.absoluteString, values: values)
        return .unmatched(UnmatchedURL(url: url, closestRoute: closest?.route, distance: closest?.distance, diagnostic: diagnostic))
    }

    /// Gives repeated names a `#2`, `#3`... suffix, keeping the first as is.
    private static func uniquingNames(_ routes: [Route]) -> [Route] {
        var seen: [String: Int] = [:]
        return routes.map { route in
            let count = (seen[route.name] ?? 0) + 1
            seen[route.name] = count
            guard count > 1, let renamed = try? Route(name: "\(route.name)#\(count)", pattern: route.pattern) else { return route }
            return renamed
        }
    }
}

// MARK: - URL decomposition and distance

/// A URL split the way routes are matched: lowercased scheme and host, percent-decoded path segments.
private struct URLParts {
    let scheme: String
    let host: String
    let segments: [String]
    let queryItems: [RouteParameter]

    init(_ url: URL) {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        scheme = (components?.scheme ?? url.scheme ?? "").lowercased()
        host = (components?.percentEncodedHost.map { $0.removingPercentEncoding ?? $0 } ?? "").lowercased()
        segments = (components?.percentEncodedPath ?? "").split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
        queryItems = (components?.queryItems ?? []).map { RouteParameter(name: $0.name, value: $0.value ?? "") }
    }

    /// The route's parameters when the URL matches it, else nil.
    func match(_ route: Route) -> [RouteParameter]? {
        guard scheme == route.scheme, route.path.count == segments.count else { return nil }
        var parameters: [RouteParameter] = []
        for (component, text) in zip([route.host] + route.path, [host] + segments) {
            switch component {
            case .literal(let literal):
                guard literal == text else { return nil }
            case .parameter(let name):
                guard !text.isEmpty else { return nil }
                parameters.append(RouteParameter(name: name, value: text))
            }
        }
        return parameters
    }

    /// Character edits from the URL to the route: scheme and host compared as strings, path segments
    /// aligned (inserting or deleting a segment costs its length plus its slash), a parameter matching any
    /// non-empty segment for free.
    func distance(to route: Route) -> Int {
        func cost(_ component: Route.Component, _ text: String) -> Int {
            switch component {
            case .literal(let literal): return Self.editDistance(literal, text)
            case .parameter: return text.isEmpty ? 1 : 0
            }
        }
        func length(_ component: Route.Component) -> Int {
            if case .literal(let literal) = component { return literal.count + 1 }
            return 2
        }
        let pattern = route.path
        var row = [0] + pattern.indices.map { pattern[...$0].map(length).reduce(0, +) }
        for segment in segments {
            var next = [row[0] + segment.count + 1]
            for (index, component) in pattern.enumerated() {
                next.append(min(row[index] + cost(component, segment), row[index + 1] + segment.count + 1, next[index] + length(component)))
            }
            row = next
        }
        return Self.editDistance(route.scheme, scheme) + cost(route.host, host) + row[pattern.count]
    }

    /// Levenshtein distance between two strings, by Character.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs), right = Array(rhs)
        guard !left.isEmpty else { return right.count }
        guard !right.isEmpty else { return left.count }
        var row = Array(0...right.count)
        for (i, a) in left.enumerated() {
            var next = [i + 1]
            for (j, b) in right.enumerated() {
                next.append(min(row[j] + (a == b ? 0 : 1), row[j + 1] + 1, next[j] + 1))
            }
            row = next
        }
        return row[right.count]
    }
}
