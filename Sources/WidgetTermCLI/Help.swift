import Foundation
import CellRender

/// Help texts for every command.
enum Help {
    static let main = """
        widgetterm — preview WidgetKit widgets in a terminal

        usage: widgetterm [options] [command | KIND | FILE] [options]

        commands:
          preview [KIND]      the interactive preview: families, modes, ticking timers, taps (the default)
          gallery [KIND...]   print every widget in every family it supports
          list                one line per widget kind: the kind, then its families
          render KIND         one widget, family and moment to stdout
          check [KIND...]     legibility and WidgetKit checks on every surface iOS shows the widget on, and controls
          timeline KIND       the reload schedule: each reload (time, reason, budget left) and entry shown
          smartstack KIND...  widgets in one Smart Stack, rotated by their entries' relevance over time, with reasons
          standby KIND KIND   two small widgets side by side as StandBy shows them (--night: the red night mode)
          carplay KIND...     CarPlay: small widgets side by side, a Live Activity in its small family
          push FILE --to KIND apply an APNs payload to a Live Activity or widget as iOS would, and print the frame
          control [KIND]      a Control Center control (iOS 18+) at every size and place, and what a tap does
          open URL            route a URL as a tap would: the matched route and its parameters
          sources PATH        the widget extension sources at PATH (folder, Xcode project or Swift package)
          bench [frame|tick|scale]
                              benchmarks (figures from a release build: swift build -c release --static-swift-stdlib);
                              scale: how the cost grows with a document's entries, values, spacers and widgets
          help [COMMAND]      this text; `widgetterm help COMMAND` (or COMMAND --help) for a command's options
          --version           the version of widgetterm

        exit status: 0 ok, 1 diagnostics at error level, 2 usage or input errors

        A first word that is not a command previews it: an existing path (a widget document), else a widget kind.
        Options may come before the command name: widgetterm --theme dark render water.

        KIND may also be a widget document, a JSON file (an argument that names an existing file or ends in .json):
        see docs/widget-document.md. `preview FILE...` re-renders each document when it is saved.

        widgetterm COMMAND PATH [--kind KIND] [--build-dir DIR]: PATH is a widget extension's folder as Xcode
        wrote it (with its @main bundle); it is compiled as written and COMMAND (preview, render, gallery, check,
        timeline, list, open, control) runs on its widgets, whose code runs in processes of their own (README.md,
        "Preview your own widget extension").

        """

    static let standBy = """
        usage: widgetterm standby KIND|FILE KIND|FILE [--night] [--at T] [--device D] [--format text|ansi]

        StandBy (iPhone on its side, charging): two systemSmall widgets side by side on black. By day they render
        in full colour with their container backgrounds removed; --night renders them vibrant in the red night
        tint (the standby-night theme). iOS scales them up to fill the screen; cells cannot scale glyphs, so
        they are drawn at their own size. StandBy chooses the family and the look: the shared family, theme, mode
        and scheme flags are refused.
        options:
        \(smallWidgetsOnBlackOptions)

        """

    static let carPlay = """
        usage: widgetterm carplay KIND|FILE... [--state N] [--at T] [--device D] [--format text|ansi]

        CarPlay (iOS 26). Widgets (one to three, systemSmall) are drawn side by side on black in full colour with
        their container backgrounds removed, as on CarPlay's widgets screen. A Live Activity is drawn as on the
        dashboard: its ActivityFamily.small view when it declares .supplementalActivityFamilies([.small]) (a
        191 x 81.5 pt card, 24 x 5 cells), else its compact leading and trailing views, with the warning
        activity-without-small-family. --state N picks the activity's Nth scripted content state (default 1).
        A widget that disfavors CarPlay (.disfavoredLocations([.carPlay], for: [.systemSmall])) is shown with the
        warning disfavored-location. CarPlay chooses the family and the look: the shared family, theme, mode and
        scheme flags are refused.
        options:
        \(smallWidgetsOnBlackOptions)

        """

    static let push = """
        usage: widgetterm push FILE.json --to KIND|DOCUMENT|CONTROL|CONTROL_DOCUMENT [--priority 5|10] [--times N]
                               [--every S] [--activities N] [--activity ID | --channel ID] [--rotate-tokens N]
                               [--app-uploads every|first] [--presentation P] [--activities-off] [--locked] [--at T]
                               [--device D] [--format text|ansi]

        Applies a push payload (the JSON APNs delivers) as iOS would and prints the frame it leads to.
        A Live Activity: "aps" with "event" (start, update or end), "timestamp", "content-state" (decoded into the
        activity's ContentState with JSONDecoder: dates in it are seconds since 2001), and optionally "stale-date",
        "relevance-score", "alert" {title, body, sound} and "dismissal-date" (seconds since 1970); a start push also
        has "attributes-type", "attributes" and "alert" (required: a start without an alert is refused). Update and
        end pushes arrive at the activity's scripted first state. A widget: "aps": {"content-changed": true}, a
        reload request within the widget's budget: push N arrives at --at + (N-1) x --every, an hour after the
        widget was placed, and is reloaded, deferred (5 minutes between reloads) or refused (the day's budget
        spent). A control with a ControlPushHandler (apns-push-type controls): the same payload and budget; its
        handler gets the token, each reload asks currentValue() again, and Control Center's medium size is printed.
        A control document declares its handler with "pushHandler": {"storeToken": KEY}.

          --priority P    apns-priority, 5 or 10 (default 10); priority 10 allows 15 updates an hour
          --times N       send the payload N times (1 to 100), --every S seconds apart (default 60)
          --presentation  the presentation printed (default: expanded with an alert on a phone with a Dynamic
                          Island, else lockscreen: the banner an alert is on a phone without one)
          --activities-off  Live Activities switched off for the app (areActivitiesEnabled false): requests
                          are denied
          --locked        the phone is locked: an alert lights the Lock Screen and shows the Lock Screen view as
                          a banner (default: unlocked, the expanded island). The alert's presentation is drawn
                          under a row naming its sound (♪ NAME · alert)
          --activities N  run N scripted activities (activity-1 ...; 1 to 5), requested with pushType .token
          --activity ID   send an update or end push to that activity's token only (default activity-1)
          --channel ID    request them with pushType .channel(ID) and broadcast the payload to every subscriber
                          With --activities, --activity or --channel the output lists each activity, its update
                          token (uploaded or not) or channel, and whether the push reached it. A start push prints
                          the push-to-start token.
          --rotate-tokens N  the system replaces each activity's update token N times (0 to 10) before the push;
                          each new token is printed
          --app-uploads U the app's pushTokenUpdates loop uploads every token (default) or only the first: then
                          the server sends to a replaced token and the push does not arrive (push-token-replaced,
                          push-token-not-uploaded)

        Refused, as error diagnostics with exit status 1: a payload over 4096 bytes, no "aps", a content-state that
        does not decode (its key path named), a priority-10 push over the budget, an activity with Live Activities off,
        a start without "alert", a control without a ControlPushHandler.
        options:
        \(sharedOptions(except: ["format", "at", "device"]))

        """

    static let smartStack = """
        usage: widgetterm smartstack KIND|FILE... [--from ISO8601] [--hours H] [--timezone ZONE]

        Two to ten widgets in one Home Screen Smart Stack, rotated by TimelineEntryRelevance over simulated time.
        Each widget's timeline is asked once at --from; at each moment the widget whose current entry has the
        highest score, as a share of the highest score its own timeline gives, is on top (a score of 0 or less is
        not relevant; a tie, or nothing relevant, keeps the stack where it is). Prints one line per rotation:
        the time, the widget, and why. An entry counts from its date for its duration, or until the next entry
        when the duration is 0.

          --from T       the start (default: --at, else now)
          --hours H      how long to simulate, 1 to 336 (default 6)

        Warns (relevance-never-changes) about a widget whose entries all have the same score. It draws no widget:
        the shared flags that choose a picture (family, format, theme, mode, scheme, color, colors, assets) and the
        provider context are refused, each with what to use instead.
        options for the widgets' code:
        \(sharedOptions(only: ["device", "os", "at", "timezone", "locale", "param", "provider-timeout", "app-group"]))

        """

    static let control = """
        usage: widgetterm control [KIND] [--placement P] [--tap N] [--param NAME=VALUE] [--format text|ansi]

        A control (ControlWidget, iOS 18+) as iOS shows it: the add sheet's previewValue, then currentValue(),
        drawn at each placement: small, medium and large in Control Center, lockScreen (a bottom slot) and
        actionButton (the Dynamic Island when the Action button is pressed). Without KIND, lists the controls.

          --placement P   only one placement: \(ControlCommand.placementNames.joined(separator: ", "))
          --tap N         tap N times (1 to 100): each tap runs the action (a toggle's SetValueIntent with the
                          new state), then asks currentValue() again and draws the result
          --param NAME=VALUE  set a configurable control's intent parameter (AppIntentControlConfiguration;
                          repeatable); a wrong name or value is refused with the valid ones
          --format F      text or ansi (the colour rule of render applies)
          --app-group DIR the App Group store the control's code reads and writes
          --assets DIR    a folder searched for the app's *.xcassets, *.xcstrings and *.lproj (repeatable)
          --color WHEN    auto, always or never (auto: colour only to a terminal; NO_COLOR honoured)
          --colors DEPTH  force 16, 256 or truecolor

        Diagnostics go to standard error; the exit status is 1 when one is an error (a currentValue() that
        threw, a toggle that snapped back after a tap).

        """

    /// The shared options standby and carplay take besides those in their usage line.
    static var smallWidgetsOnBlackOptions: String {
        sharedOptions(only: ["os", "context", "timezone", "locale", "assets", "param", "provider-timeout", "app-group", "color", "colors"])
    }
    static var devices: String {
        DeviceProfile.all.map { "    \($0.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \($0.displayName)" }.joined(
            separator: "\n")
    }

    static let sharedOptions = """
          --family F         systemSmall, systemMedium, systemLarge, systemExtraLarge, accessoryCircular,
                             accessoryRectangular, accessoryInline (default: the widget's first family)
          --device NAME      device profile (default iphone-430)
          --os N             iOS major version whose rules apply: 14 to 18, or 26 (default 26)
          --scheme S         light or dark (default: the theme's; light)
          --theme T          light, dark, tinted, clear, lockscreen, standby-night, or a theme file (default: light or
                             dark by --scheme, lockscreen for accessory families; with --mode accented tinted, with
                             --mode vibrant lockscreen)
          --mode M           fullColor, accented or vibrant (default: the theme's mode)
          --at ISO8601       the moment to show, e.g. 2026-11-29T09:00 (local) or ...Z, in the years 1678 to 2261;
                             Date() in widget code sees it
          --context C        placeholder, snapshot or timeline (default timeline)
          --timezone ZONE    IANA time zone for --at without offset and for .time/.date text
          --locale ID        locale of system-formatted text and of Text("key") translations, such as en_GB,
                             fr-FR or ja_JP (default en_US)
          --assets DIR       a folder searched for the app's *.xcassets, *.xcstrings and *.lproj: Color("name"),
                             Image("name") and Text("key") read them (repeatable; the first folder wins a name)
          --param NAME=VALUE set a configurable widget's intent parameter (repeatable)
          --provider-timeout S  seconds a provider callback may take before it counts as killed (default 5)
          --app-group DIR    the App Group store UserDefaults(suiteName:) and containerURL read (default
                             $WIDGETTERM_APP_GROUP, else ~/.cache/widgetterm/app-group)
          --format F         text, ansi, json or svg (default: ansi to a colour terminal, else text); render also
                             takes tree (the resolved view tree)
          --color WHEN       auto, always or never (auto: colour only to a terminal; NO_COLOR honoured)
          --colors DEPTH     force 16, 256 or truecolor
        """

    /// `--fetched-at`, which render, gallery and check take.
    static let fetchedAtOption = """
          --fetched-at ISO8601  when the provider runs (default: --at); the widget is shown at --at from the
                             timeline fetched then: .time text keeps the fetch's time, .relative and .timer move
        """

    static var check: String {
        """
        usage: widgetterm check [KIND...] [--family F] [--mode M] [--theme T] [--surfaces default|all] [--summary]
                                [--format text|json]

        Renders each widget (all, or those named) in each family on the surfaces iOS shows it on, for every entry
        its timeline will show (a fault only in a later entry is reported with that entry's date), and reports:
        text and symbols below WCAG 2.x contrast (4.5:1; 3:1 at 18 pt, or 14 pt bold) against what is really
        behind them after the rendering mode; meaning carried by hue alone that a mode erases; images accented mode
        flattens to one tint; and the render's own diagnostics (e.g. a missing container background on iOS 17+).
        It also checks the tap targets on the --os version (several widgetURLs, links or controls the family
        ignores) and, once per family, the timeline (entries at or before the fetch of which only the last is
        shown, entries at one instant or too close, a reload loop, a budget spent before the day ends). A Live
        Activity is checked in each of its presentations. A provider that never answers is an error.

        controls (ControlWidget, iOS 18+): KIND may name a control of the bundle or a control document; with no KIND
        every control is checked too. Each is shown as iOS shows it (previewValue, then one currentValue()) at every
        placement, and reports: control-value-failed (currentValue() threw or timed out), control-without-preview-value,
        control-toggle-action-not-set-value, control-label-without-symbol and control-label-without-title. Every push
        handler (a widget's WidgetPushHandler, a control's ControlPushHandler) is handed a token as iOS does when the
        widget is placed; one that never reads it is push-token-not-stored.

        surfaces (default): system families on the Home Screen in full colour (light, dark) and accented (tinted,
        clear); systemSmall also in StandBy (full colour, background removed) and StandBy night (vibrant red);
        accessory families on the Lock Screen (vibrant). --surfaces all: every built-in theme in every mode.
        --theme and --mode narrow or override these. A family the --device lacks is checked on the first device
        that has it.

        severities: error, unreadable or broken on a device; warning, degraded; note, what the system itself does
        (Apple's own .secondary label colour, StandBy at night), nothing to fix.

        output: for each widget its counts (or clean), then what to fix grouped by kind, each message once with
        the places (FAMILY/MODE/THEME @ROW:COLUMN) it was found, then the notes by kind; with --summary one line
        per widget; with --format json an array of every finding (severity, origin, code, message, widget,
        family, mode, theme, position, values, entryDate). Then one summary line on standard error:
          widgetterm: check: N errors, M warnings, K notes on S surfaces; C of W widgets clean
        Exit status 1 when a finding is at error level, 0 otherwise, 2 for usage errors.

        options:
          --surfaces S       default or all (above)
          --format F         text or json (default text)
          --family F         check only this family (default: every family the widget supports)
          --theme T          check only on this theme, a built-in name or a theme file (default: the surfaces above)
          --mode M           check only in this rendering mode: fullColor, accented or vibrant
          --summary          one line per widget (its counts, or clean) instead of the grouped findings
        \(fetchedAtOption)
        \(checkOptions)

        """
    }

    /// The shared options `check` uses as every command does: not the family, theme and mode (which select
    /// surfaces in `check`), nor the output format and colour (it draws no picture).
    static var checkOptions: String {
        sharedOptions(except: ["format", "color", "colors", "family", "theme", "mode"])
    }

    /// The lines of `sharedOptions` for the flags named (without `--`), in its order.
    static func sharedOptions(only names: Set<String>) -> String {
        sharedOptionLines { names.contains($0) }
    }

    /// The lines of `sharedOptions` but those of the flags named (without `--`).
    static func sharedOptions(except names: Set<String>) -> String {
        sharedOptionLines { !names.contains($0) }
    }

    /// Each shared option's lines (its first line and the lines continuing it) kept when `keep` answers true for
    /// its flag name.
    static func sharedOptionLines(_ keep: (String) -> Bool) -> String {
        sharedOptions.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .reduce(into: (lines: [String](), keeping: true)) { state, line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("--") {
                    state.keeping = keep(String(trimmed.dropFirst(2).prefix { $0 != " " }))
                }
                if state.keeping { state.lines.append(line) }
            }.lines.joined(separator: "\n")
    }

    static var render: String {
        """
        usage: widgetterm render KIND [options]

        Prints KIND for the entry current at --at (before its first entry: the placeholder, with a note on
        standard error). Diagnostics go to standard error: what `check` finds on the surface drawn (the
        render's own, taps, contrast and hue in the mode and theme drawn), but not notes on what iOS itself
        does (--format json keeps them); exit status 1 when one is an error.
          --entry N         the Nth entry of the timeline fetched at --at, in date order (1-based), shown at its
                            own date: how a #Preview's timeline is stepped through (File.swift#Name kinds)
          --format png      the SVG picture as PNG (needs rsvg-convert, Debian librsvg2-bin); needs --output
          --output FILE     write to FILE instead of standard output

        \(ActivityRenderCommand.help)
        options:
        \(sharedOptions)
        \(fetchedAtOption)

        devices:
        \(devices)

        """
    }

    static var timeline: String {
        """
        usage: widgetterm timeline KIND [--from ISO8601] [--hours H] [--request-every D] [--budget N] [options]

        Simulates the reload schedule from --from (default: --at or now) for --hours (default 24): the initial
        fetch, policy reloads (.after at its date; .atEnd 5 minutes after the last entry), app requests every D
        (90s, 10m, 2h) when given, the 5-minute minimum interval and the daily budget (default 40 per rolling
        24 h). Prints each reload with its reason and the budget left, and each change of the entry shown.

        options:
        \(sharedOptions)

        """
    }

    static var gallery: String {
        """
        usage: widgetterm gallery [KIND...] [options]

        Prints each widget (all, or those named) in every family it supports.

        options:
          --modes all|M,M    each family in these rendering modes side by side (all: fullColor, accented, vibrant),
                             each on the theme iOS shows that mode on; not with --mode
          --format png       the SVG contact sheet as PNG (needs rsvg-convert, Debian librsvg2-bin; colour emoji
                             need pango-view, pango1.0-tools); needs --output
          --output FILE      write to FILE instead of standard output
        \(sharedOptions)
        \(fetchedAtOption)

        devices:
        \(devices)

        """
    }

    static let open = """
        usage: widgetterm open URL [KIND | FILE...] [--document FILE] [--routes FILE] [--open-command CMD]

        Routes URL as a tap on a Link or widgetURL would: prints the URL, the matched route and its parameters
        (percent-decoded) and any query items. With no match, a warning on standard error names the closest route.
        Routes: the patterns the widgets given declare (kinds or widget documents after the URL, and --document;
        by default every widget of the bundle) with .widgetTermRoutes([...]) or a document's "routes", then those
        in FILE.

        options:
          --document FILE     a widget document whose routes apply (repeatable)
          --routes FILE       a JSON routes file: {"routes": [{"name": "order", "pattern": "shop://orders/{id}"}]}
                              (name optional; a pattern is scheme://host/path with whole-segment {parameters})
          --open-command CMD  then run CMD (a program on PATH or a path) with the URL as its one argument; no shell
                              is involved, so the URL reaches CMD verbatim. After 10 s CMD and the programs it
                              started in its process group are stopped
          --app-group DIR     the App Group store the widgets' code reads while declaring its routes (default
                              $WIDGETTERM_APP_GROUP, else ~/.cache/widgetterm/app-group)

        exit status: 0 a route matches (and CMD exited 0); 1 no route matches, or CMD exited non-zero;
        2 usage errors, an invalid routes file, or a CMD that cannot start

        """
}
