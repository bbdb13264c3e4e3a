#ifndef CSIMULATEDCLOCK_H
#define CSIMULATEDCLOCK_H

#include <stdint.h>

/// The process-wide simulated wall clock.
///
/// This target defines `clock_gettime` and `gettimeofday` for the whole process, so every reader of
/// the realtime clock (Foundation's `Date()`, `time()`, widget providers, bodies and intents) sees the
/// simulated time. Monotonic and CPU clocks pass straight through, so sleeping, timeouts and benchmarks
/// keep using real time.
///
/// Simulated time is `anchor + (monotonic_now - monotonic_at_anchor) * speed`, or the anchor itself
/// while paused. All values are nanoseconds since the Unix epoch (simulated) or of CLOCK_MONOTONIC.

/// Sets the simulated realtime clock to `unix_nanoseconds` now, keeping speed and paused state.
void widgetterm_clock_set(int64_t unix_nanoseconds);
/// Returns the simulated realtime clock, in nanoseconds since the Unix epoch.
int64_t widgetterm_clock_now(void);
/// Returns the real (unsimulated) realtime clock, in nanoseconds since the Unix epoch.
int64_t widgetterm_clock_real_now(void);
/// Sets the rate at which simulated time passes relative to real time (1 = real time). Values <= 0 are ignored.
void widgetterm_clock_set_speed(double speed);
/// Returns the current speed factor.
double widgetterm_clock_speed(void);
/// Freezes (1) or resumes (0) the simulated clock; resuming continues from the frozen instant.
void widgetterm_clock_set_paused(int paused);
/// Returns 1 while the clock is paused.
int widgetterm_clock_is_paused(void);
/// Returns the clock to real time, speed 1, not paused.
void widgetterm_clock_reset(void);
/// Returns 1 when the simulated clock differs from the real one (set, sped up or paused).
int widgetterm_clock_is_simulated(void);

#endif
