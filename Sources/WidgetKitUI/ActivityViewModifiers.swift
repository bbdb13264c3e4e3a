import Foundation

// MARK: - Activity view modifiers

/// What the modifiers of an activity's views record while it is resolved (the background tint of the Lock
/// Screen view, the vertical placement of an expanded region).
@usableFromInline
final class ActivityResolveRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var _backgroundTint: Color??
    private var _systemActionForegroundColor: Color??
    private var _verticalPlacement: DynamicIslandExpandedRegionVerticalPlacement?

    var backgroundTint: Color?? {
        get { lock.withLock { _backgroundTint } }
        set { lock.withLock { _backgroundTint = newValue } }
    }
    var systemActionForegroundColor: Color?? {
        get { lock.withLock { _systemActionForegroundColor } }
        set { lock.withLock { _systemActionForegroundColor = newValue } }
    }
    var verticalPlacement: DynamicIslandExpandedRegionVerticalPlacement? {
        get { lock.withLock { _verticalPlacement } }
        set { lock.withLock { _verticalPlacement = newValue } }
    }

    @TaskLocal static var current: ActivityResolveRecorder?

    /// Runs `record` on the recorder of the activity being resolved, if any.
    @usableFromInline
    static func recordInCurrent(_ record: (ActivityResolveRecorder) -> Void) {
        if let recorder = current { record(recorder) }
    }
}

/// A view whose modifier records an activity setting, then resolves its content unchanged.
public struct ActivitySettingView<Content: View>: PrimitiveView {
    @usableFromInline let content: Content
    @usableFromInline let record: @Sendable (ActivityResolveRecorder) -> Void

    init(content: Content, record: @escaping @Sendable (ActivityResolveRecorder) -> Void) {
        self.content = content
        self.record = record
    }

    /// Records the setting, then resolves the content unchanged.
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        ActivityResolveRecorder.recordInCurrent(record)
        return content._resolve(in: context)
    }
}

extension View {
    /// The background of the Lock Screen presentation (and of the banner on devices without a Dynamic Island),
    /// as `View.activityBackgroundTint(_:)`; nil keeps the system's default material.
    public func activityBackgroundTint(_ color: Color?) -> ActivitySettingView<Self> {
        ActivitySettingView(content: self) { $0.backgroundTint = .some(color) }
    }

    /// The colour of the system's action button on the Lock Screen presentation (the dismiss button), as
    /// `View.activitySystemActionForegroundColor(_:)`.
    public func activitySystemActionForegroundColor(_ color: Color?) -> ActivitySettingView<Self> {
        ActivitySettingView(content: self) { $0.systemActionForegroundColor = .some(color) }
    }

    /// Where an expanded leading or trailing region goes when its content is too wide beside the camera, as
    /// `View.dynamicIsland(verticalPlacement:)`.
    public func dynamicIsland(verticalPlacement: DynamicIslandExpandedRegionVerticalPlacement) -> ActivitySettingView<Self> {
        ActivitySettingView(content: self) { $0.verticalPlacement = verticalPlacement }
    }
}
