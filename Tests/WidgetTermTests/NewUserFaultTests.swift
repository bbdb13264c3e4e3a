import Foundation
import Testing
import SampleWidgets
import WidgetKitUI
import WidgetTermCLI

// MARK: - Faults a new user meets on the command line

/// What a person new to WidgetTerm meets first: the help, a flag given an impossible value, a payload file that is
/// not JSON. Each answer says where the fault is and what to do.
@Suite struct NewUserFaultTests {
    static func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        let output = StringStream(), errors = StringStream()
        let status = WidgetTermCommand.run(
            arguments: arguments, widgets: SampleWidgetBundle().widgetDescriptors, environment: [:], output: output, errors: errors)
        return (status, output.text, errors.text)
    }

    @Test("push FILE that is not JSON: the file, line and column of the fault, what was expected, what a payload is")
    func pushPayloadThatIsNotJSON() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wt-push-\(UUID().uuidString).json")
        try Data("{\n  \"aps\": {\"content-changed\": true}\n  \"extra\": 1\n}\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = PushTests.run(["push", url.path, "--to", "water"])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(
            result.errors
                == "widgetterm: \(url.path):2:35: not JSON: expected a comma or } after the member \"aps\"; found \"extra\" at "
                + "line 3, column 3, with no comma before it: add a comma here, at line 2, column 35; a push payload is a JSON "
                + "object with an \"aps\" member, as APNs receives it (examples/push/)\n")
    }

    @Test("a time limit of 0 (or below, or over 600) says what the flag is and which values it takes", arguments: ["0", "-1", "601"])
    func zeroTimeouts(value: String) {
        let provider = Self.run(["render", "water", "--provider-timeout", value])
        #expect(provider.status == 2)
        #expect(
            provider.errors
                == "widgetterm: --provider-timeout takes the seconds a provider may take to answer before it is treated as "
                + "killed, more than 0 and at most 600 (default 5), not \(value)\n")
        let intent = Self.run(["preview", "--intent-timeout", value])
        #expect(intent.status == 2)
        #expect(
            intent.errors
                == "widgetterm: --intent-timeout takes the seconds an intent's perform() may run before it is stopped, more "
                + "than 0 and at most 600 (default 5), not \(value)\n")
    }

    @Test(
        "--os takes the iOS versions there are: 19 to 25 never shipped (iOS 26 followed 18)", arguments: ["13", "19", "25", "27", "16.5"])
    func osVersionsThatDoNotExist(value: String) {
        let result = Self.run(["render", "water", "--os", value])
        #expect(result.status == 2)
        #expect(
            result.errors
                == "widgetterm: --os takes an iOS major version: 14, 15, 16, 17, 18 or 26 (the release after iOS 18 is iOS 26), "
                + "not \(value)\n")
    }

    @Test("--os takes every version the preview's o key steps through (OSAvailability.simulatedMajorVersions)")
    func osVersionsThatExist() {
        for version in OSAvailability.simulatedMajorVersions {
            #expect(Self.run(["render", "water", "--os", "\(version)", "--format", "text"]).status == 0, "--os \(version)")
        }
    }

    @Test("timeline --request-every 0 names the flag it belongs to")
    func requestEveryNamesItsFlag() {
        let result = Self.run(["timeline", "water", "--request-every", "0"])
        #expect(result.status == 2)
        #expect(
            result.errors == "widgetterm: --request-every: duration 0 is not valid; use a number and a unit: 90s, 10m, 2h, 1d\n")
    }

    @Test("help lists every benchmark, scale among them, as bench --help does")
    func helpListsBenchScale() {
        let help = Self.run(["help"])
        #expect(help.status == 0)
        #expect(help.output.contains("  bench [frame|tick|scale]\n"))
        #expect(help.output.contains("scale: how the cost grows with a document's entries, values, spacers and widgets"))
        #expect(Self.run(["bench", "--help"]).output.contains("bench scale    render FILE of generated documents"))
    }

    @Test("help COMMAND prints that command's help, as COMMAND --help does")
    func helpWithACommand() {
        for command in ["render", "push", "bench", "gallery"] {
            let help = Self.run(["help", command])
            #expect(help.status == 0)
            #expect(help.output == Self.run([command, "--help"]).output)
            #expect(help.output.hasPrefix("usage: widgetterm \(command)"), "\(command): \(help.output.prefix(80))")
        }
        #expect(Self.run(["help"]).output.hasPrefix("widgetterm — preview WidgetKit widgets in a terminal"))
        let unknown = Self.run(["help", "rendr"])
        #expect(unknown.status == 2)
        #expect(
            unknown.errors.hasPrefix("widgetterm: help takes a command name, not rendr (did you mean render?); valid commands: preview,"))
    }

    @Test("gallery --help explains --modes")
    func galleryHelpExplainsModes() {
        let help = Self.run(["gallery", "--help"]).output
        #expect(help.contains("--modes all|M,M    each family in these rendering modes side by side (all: fullColor, accented, vibrant),"))
    }
}
