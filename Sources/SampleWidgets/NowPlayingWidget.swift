import Foundation
import WidgetKitUI

// MARK: - Now playing: Liquid Glass (iOS 26) on the Home Screen's full-colour, tinted and clear appearances

struct NowPlayingEntry: TimelineEntry {
    let date: Date
    let title: String
    let artist: String
}

struct NowPlayingProvider: TimelineProvider {
    static let playing = NowPlayingEntry(date: Date(timeIntervalSince1970: 0), title: "Tide Pools", artist: "The Lisbon Trio")

    func placeholder(in context: Context) -> NowPlayingEntry {
        NowPlayingEntry(date: Date(), title: "Song", artist: "Artist")
    }
    func getSnapshot(in context: Context, completion: @escaping (NowPlayingEntry) -> Void) {
        completion(NowPlayingEntry(date: Date(), title: Self.playing.title, artist: Self.playing.artist))
    }
    func getTimeline(in context: Context, completion: @escaping (Timeline<NowPlayingEntry>) -> Void) {
        let now = Date()
        completion(Timeline(entries: [NowPlayingEntry(date: now, title: Self.playing.title, artist: Self.playing.artist)], policy: .never))
    }
}

/// A player: the song on regular glass, the artist on clear glass over the dimming layer Apple asks for, and the
/// transport symbols on glass grouped in a `GlassEffectContainer`, the play button tinted.
struct NowPlayingView: View {
    @Environment(\.widgetRenderingMode) var renderingMode
    let entry: NowPlayingEntry

    /// The dimming layer under the clear glass: black at 30 % in full colour, as Apple's `Glass.clear` shows. On the
    /// tinted and clear Home Screens (accented) iOS draws every fill in the group's colour, which would turn it
    /// into a light layer, so it is left out there.
    var dimming: Color { renderingMode == .fullColor ? Color.black.opacity(0.3) : Color.clear }

    /// The transport buttons' glass: regular in full colour. In accented mode (the tinted and clear Home Screens)
    /// every fill takes the group's colour, so the lighter regular glass would leave the symbols below 4.5:1 there;
    /// the buttons use clear glass instead.
    var transportGlass: Glass { renderingMode == .fullColor ? .regular : .clear }

    /// The play button's glass: tinted pink in full colour; untinted in accented mode, where the tint would become
    /// the group's colour at 45 % behind a symbol of that colour.
    var playGlass: Glass { renderingMode == .fullColor ? Glass.regular.tint(.pink).interactive() : Glass.clear.interactive() }

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(entry.title).font(.headline).lineLimit(1)
                .padding(.horizontal, 6)
                .glassEffect(.regular, in: RoundedRectangle(cornerRadius: 8))
            Text(entry.artist).font(.caption).lineLimit(1)
                .padding(.horizontal, 6)
                .glassEffect(.clear)
                .background(dimming, in: Capsule())
            Spacer(minLength: 0)
            GlassEffectContainer(spacing: 8) {
                HStack(spacing: 8) {
                    Image(systemName: "backward.fill").padding(.horizontal, 6).glassEffect(transportGlass)
                    Image(systemName: "pause.fill").padding(.horizontal, 6).glassEffect(playGlass)
                    Image(systemName: "forward.fill").padding(.horizontal, 6).glassEffect(transportGlass)
                }
            }
        }
        .foregroundStyle(.white)
    }
}

struct NowPlayingWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "now-playing", provider: NowPlayingProvider()) { entry in
            NowPlayingView(entry: entry)
                .containerBackground(Color(red: 0.16, green: 0.22, blue: 0.45), for: .widget)
        }
        .configurationDisplayName("Now Playing")
        .description("The song playing, on Liquid Glass (iOS 26).")
        .supportedFamilies([.systemSmall, .systemMedium])
        // CarPlay has its own Now Playing screen: a second one among the dashboard's widgets only takes room.
        .disfavoredLocations([.carPlay], for: [.systemSmall])
    }
}
