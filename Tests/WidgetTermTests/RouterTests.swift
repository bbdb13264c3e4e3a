import Foundation
import Testing
import SampleWidgets
import WidgetHost
import WidgetKitUI
import WidgetTermCLI

@Suite struct RouterTests {
    static func router(_ patterns: [(String, String)]) throws -> DeepLinkRouter {
        DeepLinkRouter(routes: try patterns.map { try Route(name: $0.0, pattern: $0.1) })
    }

    @Test("parameters are matched by position and percent-decoded; query items are reported beside them")
    func parameters() throws {
        let router = try Self.router([("order", "shop://orders/{id}"), ("item", "shop://orders/{order}/items/{item}")])
        let match = try #require(router.route(URL(string: "shop://orders/A%20B%2F1/items/caf%C3%A9?ref=widget&x=%26")!).match)
        #expect(match.route.name == "item")
        #expect(match.parameters == [RouteParameter(name: "order", value: "A B/1"), RouteParameter(name: "item", value: "café")])
        #expect(match[parameter: "item"] == "café")
        #expect(match.queryItems == [RouteParameter(name: "ref", value: "widget"), RouteParameter(name: "x", value: "&")])
        #expect(
            RoutingResult.matched(match).lines == [
                "url: shop://orders/A%20B%2F1/items/caf%C3%A9?ref=widget&x=%26",
                "route: item (shop://orders/{order}/items/{item})",
                "  order = A B/1",
                "  item = café",
                "  ?ref = widget",
                "  ?x = &",
            ])
    }

    @Test("a literal route wins over a parameter; scheme and host ignore case; a trailing slash is ignored")
    func specificity() throws {
        let router = try Self.router([("order", "shop://orders/{id}"), ("new order", "shop://orders/new"), ("orders", "shop://orders")])
        #expect(router.route(URL(string: "shop://orders/new")!).match?.route.name == "new order")
        #expect(router.route(URL(string: "shop://orders/9")!).match?.route.name == "order")
        #expect(router.route(URL(string: "SHOP://Orders/9")!).match?[parameter: "id"] == "9")
        #expect(router.route(URL(string: "shop://orders/")!).match?.route.name == "orders")
        #expect(router.route(URL(string: "shop://orders/New")!).match?[parameter: "id"] == "New")
        #expect(router.route(URL(string: "shop://orders/9/extra")!).match == nil)
    }

    @Test("no match is a warning naming the closest route and its distance")
    func closestRoute() throws {
        let router = try Self.router([("orders", "shop://orders"), ("order", "shop://orders/{id}"), ("event", "agenda://event/{id}")])
        guard case .unmatched(let miss) = router.route(URL(string: "shop://order/7")!, widget: "orders") else {
            Issue.record("shop://order/7 should not match")
            return
        }
        #expect(miss.closestRoute?.name == "order")
        #expect(miss.distance == 1)
        #expect(miss.diagnostic.code == "unmatched-deep-link")
        #expect(miss.diagnostic.severity == .warning)
        #expect(miss.diagnostic.widget == "orders")
        #expect(
            miss.diagnostic.message == "No route matches shop://order/7; the closest is order (shop://orders/{id}), 1 edit away. "
                + "Fix the URL, or add a route for it to the widget's .widgetTermRoutes([...]) or the routes file.")
        guard case .unmatched(let other) = router.route(URL(string: "agenda://events/12/x")!) else {
            Issue.record("agenda://events/12/x should not match")
            return
        }
        #expect(other.closestRoute?.name == "event")
        #expect(other.distance == 3)
        guard case .unmatched(let empty) = DeepLinkRouter().route(URL(string: "shop://orders")!) else {
            Issue.record("an empty table matches nothing")
            return
        }
        #expect(empty.closestRoute == nil)
        #expect(empty.diagnostic.message.contains("the route table is empty"))
    }

    @Test("patterns are checked and errors say what is wrong")
    func patternErrors() {
        let cases: [(String, String)] = [
            ("shop/orders", "it has no scheme; write it as scheme://host/path, e.g. shop://orders/{id}"),
            ("9shop://x", "the scheme \"9shop\" must start with a letter and hold only letters, digits, +, - and ."),
            ("shop://orders/id{x}", "\"id{x}\": a parameter is a whole segment in braces, like {id}"),
            ("shop://orders/{1d}", "\"1d\" is not a parameter name (a letter or _, then letters, digits or _)"),
            ("shop://{id}/{id}", "the parameter {id} appears twice"),
            ("shop://orders?x=1", "patterns have no query or fragment (the router reports a URL's query items beside the match)"),
        ]
        for (pattern, problem) in cases {
            #expect(throws: RoutePatternError(pattern: pattern, problem: problem)) { try Route(name: "r", pattern: pattern) }
        }
    }

    @Test("the bundle's widgets give the route table, named from their patterns")
    func widgetRoutes() throws {
        let router = try DeepLinkRouter(widgets: SampleWidgetBundle().widgetDescriptors)
        #expect(router.routes.map(\.name).contains("agenda.event.id"))
        #expect(router.routes.map(\.name).contains("shop.orders.id"))
        let match = try #require(router.route(URL(string: "water://log/250")!).match)
        #expect(match.route.name == "water.log.amount")
        #expect(match.parameters == [RouteParameter(name: "amount", value: "250")])

        let broken = StaticConfiguration(kind: "broken", provider: TapTestProvider()) { _ in Text("x") }
            .widgetTermRoutes(["broken://ok", "broken:/nope"]).descriptor
        #expect(
            throws: RouteTableError(
                source: "widget broken", location: ".widgetTermRoutes[1]",
                problem: "\"broken:/nope\": it has no scheme; write it as scheme://host/path, e.g. shop://orders/{id}")
        ) {
            try DeepLinkRouter(widgets: [broken])
        }
    }

    @Test("a routes file gives names and patterns; its errors name the file, the JSON path and the problem")
    func routesFile() throws {
        let routes = try DeepLinkRouter.routes(
            json: Data(#"{"routes": [{"name": "order", "pattern": "shop://orders/{id}"}, {"pattern": "shop://cart"}]}"#.utf8),
            source: "routes.json")
        #expect(routes.map(\.name) == ["order", "shop.cart"])
        let cases: [(String, String, String)] = [
            (#"{"routes": [}"#, "", "not valid JSON"),
            (#"[]"#, "", "the top level must be an object"),
            (#"{"rotes": []}"#, "rotes", "unknown key; the top level has only \"routes\""),
            (#"{}"#, "routes", "missing; give an array like"),
            (#"{"routes": {}}"#, "routes", "must be an array"),
            (#"{"routes": [{"name": "a", "pattern": "a://x"}, {"name": "b"}]}"#, "routes[1].pattern", "missing"),
            (#"{"routes": [{"pattern": 3}]}"#, "routes[0].pattern", "must be a non-empty string"),
            (#"{"routes": [{"pattern": "a://x", "nmae": "x"}]}"#, "routes[0].nmae", "unknown key; a route has \"name\" and \"pattern\""),
            (
                #"{"routes": [{"name": "a", "pattern": "a://x"}, {"name": "a", "pattern": "a://y"}]}"#, "routes[1].name",
                "\"a\" is already the name of routes[0]; names must be unique"
            ),
            (#"{"routes": [{"pattern": "nope"}]}"#, "routes[0].pattern", "\"nope\": it has no scheme"),
        ]
        for (json, location, problem) in cases {
            do {
                _ = try DeepLinkRouter.routes(json: Data(json.utf8), source: "routes.json")
                Issue.record("\(json) should fail")
            } catch let error as RouteTableError {
                #expect(error.source == "routes.json")
                #expect(error.location == location, "\(json)")
                #expect(error.problem.hasPrefix(problem), "\(json): \(error.problem)")
            }
        }
        #expect(throws: RouteTableError.self) { try DeepLinkRouter.routes(contentsOf: URL(fileURLWithPath: "/nonexistent/routes.json")) }
    }

    @Test("an open command gets the URL as one argument, never through a shell")
    func openCommandWithoutShell() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-router-test-\(getpid())")
        let url = try #require(URL(string: "shop://orders/1;touch%20\(marker.path)?q=$(touch%20\(marker.path))&s='x'"))
        let opener = try URLOpener(command: "echo")
        #expect(opener.executable.lastPathComponent == "echo")
        let result = try opener.open(url, capturesOutput: true)
        #expect(result.exitStatus == 0)
        #expect(result.output == url.absoluteString + "\n")
        #expect(result.arguments == [opener.executable.path, url.absoluteString])
        #expect(!result.timedOut)
        #expect(!FileManager.default.fileExists(atPath: marker.path))

        #expect(throws: URLOpenerError.notFound(command: "no-such-program-widgetterm", searched: "not found in PATH (/usr/bin:/bin)")) {
            try URLOpener(command: "no-such-program-widgetterm", environment: ["PATH": "/usr/bin:/bin"])
        }
    }

    @Test("an open command gets the person's XDG_CONFIG_HOME back")
    func childEnvironment() {
        let inherited = [
            "XDG_CONFIG_HOME": "/store", "WIDGETTERM_ORIGINAL_XDG_CONFIG_HOME": "/home/me/.config",
            "WIDGETTERM_APP_GROUP_EXECUTED": "12", "PATH": "/bin",
        ]
        #expect(URLOpener.childEnvironment(inherited) == ["XDG_CONFIG_HOME": "/home/me/.config", "PATH": "/bin"])
        #expect(URLOpener.childEnvironment(["XDG_CONFIG_HOME": "/store", "WIDGETTERM_ORIGINAL_XDG_CONFIG_HOME": ""]) == [:])
    }
}

// MARK: - widgetterm open

@Suite struct OpenCommandTests {
    static func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        let output = StringStream(), errors = StringStream()
        // Under the clock lock: a command may move the one process clock (`--at`).
        let status = FixedClock.run {
            WidgetTermCommand.run(
                arguments: arguments, widgets: SampleWidgetBundle().widgetDescriptors, environment: [:],
                output: output, errors: errors)
        }
        return (status, output.text, errors.text)
    }

    @Test("a matching URL prints the route and its parameters, exit 0")
    func match() {
        let result = Self.run(["open", "agenda://event/E%2042"])
        #expect(result.status == 0)
        #expect(result.output == "url: agenda://event/E%2042\nroute: agenda.event.id (agenda://event/{id})\n  id = E 42\n")
        #expect(result.errors == "")
    }

    @Test("no match prints a warning with the closest route, exit 1")
    func noMatch() {
        let result = Self.run(["open", "agenda://events/1"])
        #expect(result.status == 1)
        #expect(result.output == "url: agenda://events/1\nroute: none\n")
        #expect(
            result.errors.hasPrefix(
                "warning unmatched-deep-link agenda: No route matches agenda://events/1; the closest is agenda.event.id"))
    }

    @Test("--routes adds a file's routes; a bad file is a usage error naming it")
    func routesFlag() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-routes-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"routes": [{"name": "profile", "pattern": "social://user/{name}"}]}"#.utf8).write(to: file)
        let result = Self.run(["open", "social://user/ada", "--routes", file.path])
        #expect(result.status == 0)
        #expect(result.output == "url: social://user/ada\nroute: profile (social://user/{name})\n  name = ada\n")

        try Data(#"{"routes": [{"name": "profile"}]}"#.utf8).write(to: file)
        let broken = Self.run(["open", "social://user/ada", "--routes", file.path])
        #expect(broken.status == 2)
        #expect(broken.errors == "widgetterm: \(file.path): routes[0].pattern: missing\n")
    }

    @Test("--open-command runs the program with the URL; usage errors exit 2")
    func openCommandFlag() {
        let result = Self.run(["open", "shop://orders/42", "--open-command", "true"])
        #expect(result.status == 0)
        #expect(result.output.hasSuffix("with the URL as its one argument; it exited 0\n"))
        #expect(Self.run(["open", "shop://orders/42", "--open-command", "false"]).status == 1)
        #expect(Self.run(["open"]).status == 2)
        #expect(
            Self.run(["open", "not a url"]).errors == "widgetterm: not a url is not a URL with a scheme; give one like shop://orders/42\n")
        #expect(Self.run(["open", "shop://x", "--open-command", "/nonexistent/opener"]).status == 2)
    }
}
