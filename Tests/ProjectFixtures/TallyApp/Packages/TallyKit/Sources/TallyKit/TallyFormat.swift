import TallyUnits

/// How the widgets write their numbers.
public enum TallyFormat {
    public static func progress(_ value: Int, of goal: Int) -> String { "\(value) of \(goal)" }
    public static func thousands(_ value: Int) -> String { grouped(value) }
}
