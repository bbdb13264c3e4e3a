import Foundation

extension View {
    /// Changes an environment value for the views below with `transform`, as
    /// `View.transformEnvironment(_:transform:)`: the views below see the value the closure leaves.
    @inlinable
    public consuming func transformEnvironment<Value>(
        _ keyPath: WritableKeyPath<EnvironmentValues, Value>, transform: @escaping (inout Value) -> Void
    ) -> EnvironmentModifiedView<Self> {
        nonisolated(unsafe) let keyPath = keyPath
        return environmentModified { transform(&$0[keyPath: keyPath]) }
    }
}
