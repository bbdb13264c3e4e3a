import Foundation
import WidgetHost
import WidgetKitUI

// MARK: - Which activities a push reaches

/// `push`'s `--activities N`, `--activity ID` and `--channel ID`: how many scripted activities run when the push
/// arrives, how they receive pushes (update tokens, or a broadcast channel), and which of them the push reaches:
/// the one whose token the server used (`--activity`, default the first), or every subscriber of the channel.
struct PushRouting {
    /// Scripted activities started before the push (`activity-1` …).
    var activityCount: Int
    /// `--activity ID`.
    var activityID: String?
    /// `--channel ID`: the activities are requested with `pushType: .channel(ID)` and the payload is broadcast.
    var channelID: String?

    /// Reads the flags.
    /// - Throws: `UsageError` for `--activity` with `--channel` (a channel reaches every subscriber), or on a start push.
    init(_ parsed: ParsedArguments, event: String) throws {
        activityCount = try parsed.integer("activities", in: 1...5, default: 1)
        activityID = parsed["activity"]
        channelID = parsed["channel"]
        if activityID != nil, channelID != nil {
            throw UsageError("--activity targets one activity's token; --channel reaches every subscriber of the channel: give one")
        }
        if event == "start", activityID != nil || parsed["activities"] != nil {
            throw UsageError("a start push starts a new activity: --activity and --activities apply to update and end pushes")
        }
        if let channelID, channelID.isEmpty || channelID.contains(where: \.isWhitespace) {
            throw UsageError("--channel takes a channel id as your server created it (no spaces), got \"\(channelID)\"")
        }
    }

    /// How the activities are requested.
    var pushType: PushType { channelID.map { .channel($0) } ?? .token }

    /// True when a flag chose the targets: the output names them.
    var isExplicit: Bool { activityID != nil || channelID != nil || activityCount > 1 }

    /// True when the output ends with the activities, their tokens or channel, and whether the push reached them.
    var listsActivities: Bool { isExplicit }

    /// The activities the push reaches among `ids`.
    /// - Throws: `UsageError` for an `--activity` that is not running.
    func targets(among ids: [String], service: ActivityPushService) throws -> [String] {
        if let channelID { return service.subscribers(ofChannel: channelID) }
        guard let activityID else { return [ids[0]] }
        guard ids.contains(activityID) else {
            throw UsageError(
                "--activity \(activityID) is not running; the activities are \(ids.joined(separator: ", ")) (--activities N starts more)")
        }
        return [activityID]
    }

    /// One line per activity: its id, its token (the server's copy: uploaded or not) or channel, and whether the push
    /// reached it.
    static func listing(center: ActivityCenter, updated: Set<String>) -> String {
        var lines = ["activities:"]
        for snapshot in center.snapshots().sorted(by: { $0.id.count != $1.id.count ? $0.id.count < $1.id.count : $0.id < $1.id }) {
            let id = snapshot.id
            var how = "no push type"
            if let channel = center.pushService.pushType(of: id)?.channelID {
                how = "channel \(channel)"
            } else if let latest = center.pushService.tokenHistory(activityID: id).last {
                how = "token \(latest.token.hexadecimalString.prefix(16))… (\(latest.isUploaded ? "uploaded" : "not uploaded"))"
            }
            lines.append("  \(id)  \(how)  \(updated.contains(id) ? "reached by the push" : "not reached")  \(snapshot.activityState)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
