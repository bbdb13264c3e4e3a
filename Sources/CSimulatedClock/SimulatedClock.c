// Interposes the realtime clock for the whole process. See CSimulatedClock.h.
#define _GNU_SOURCE
#include "CSimulatedClock.h"

#include <dlfcn.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

typedef int (*clock_gettime_function)(clockid_t, struct timespec *);

static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;
static int simulated = 0;
static int paused = 0;
static double speed = 1.0;
static int64_t anchor_simulated = 0;  // simulated realtime at the anchor, ns
static int64_t anchor_monotonic = 0;  // CLOCK_MONOTONIC at the anchor, ns

static clock_gettime_function real_clock_gettime_function(void) {
    static clock_gettime_function function = 0;
    if (!function) {
        function = (clock_gettime_function)dlsym(RTLD_NEXT, "clock_gettime");
    }
    return function;
}

static int real_clock_gettime(clockid_t clock, struct timespec *time) {
    clock_gettime_function function = real_clock_gettime_function();
    if (function && function != clock_gettime) {
        return function(clock, time);
    }
    return (int)syscall(SYS_clock_gettime, clock, time);
}

static int64_t read_nanoseconds(clockid_t clock) {
    struct timespec time;
    real_clock_gettime(clock, &time);
    return (int64_t)time.tv_sec * 1000000000LL + time.tv_nsec;
}

/// Simulated now; the caller holds state_lock.
static int64_t simulated_now_locked(void) {
    if (!simulated) return read_nanoseconds(CLOCK_REALTIME);
    if (paused) return anchor_simulated;
    int64_t elapsed = read_nanoseconds(CLOCK_MONOTONIC) - anchor_monotonic;
    double advanced = (double)elapsed * speed;
    // A clock run fast for long enough stops at the last nanosecond it can count instead of wrapping to 1677.
    if (advanced >= (double)(INT64_MAX - anchor_simulated)) return INT64_MAX;
    return anchor_simulated + (int64_t)advanced;
}

static void reanchor_locked(int64_t simulated_now) {
    anchor_simulated = simulated_now;
    anchor_monotonic = read_nanoseconds(CLOCK_MONOTONIC);
    simulated = 1;
}

void widgetterm_clock_set(int64_t unix_nanoseconds) {
    pthread_mutex_lock(&state_lock);
    reanchor_locked(unix_nanoseconds);
    pthread_mutex_unlock(&state_lock);
}

int64_t widgetterm_clock_now(void) {
    pthread_mutex_lock(&state_lock);
    int64_t now = simulated_now_locked();
    pthread_mutex_unlock(&state_lock);
    return now;
}

int64_t widgetterm_clock_real_now(void) { return read_nanoseconds(CLOCK_REALTIME); }

void widgetterm_clock_set_speed(double new_speed) {
    if (!(new_speed > 0)) return;
    pthread_mutex_lock(&state_lock);
    reanchor_locked(simulated_now_locked());
    speed = new_speed;
    pthread_mutex_unlock(&state_lock);
}

double widgetterm_clock_speed(void) {
    pthread_mutex_lock(&state_lock);
    double value = speed;
    pthread_mutex_unlock(&state_lock);
    return value;
}

void widgetterm_clock_set_paused(int should_pause) {
    pthread_mutex_lock(&state_lock);
    reanchor_locked(simulated_now_locked());
    paused = should_pause ? 1 : 0;
    pthread_mutex_unlock(&state_lock);
}

int widgetterm_clock_is_paused(void) {
    pthread_mutex_lock(&state_lock);
    int value = paused;
    pthread_mutex_unlock(&state_lock);
    return value;
}

void widgetterm_clock_reset(void) {
    pthread_mutex_lock(&state_lock);
    simulated = 0;
    paused = 0;
    speed = 1.0;
    pthread_mutex_unlock(&state_lock);
}

int widgetterm_clock_is_simulated(void) {
    pthread_mutex_lock(&state_lock);
    int value = simulated;
    pthread_mutex_unlock(&state_lock);
    return value;
}

// MARK: - Interposed C library entry points

int clock_gettime(clockid_t clock, struct timespec *time) {
    if (clock != CLOCK_REALTIME && clock != CLOCK_REALTIME_COARSE) {
        return real_clock_gettime(clock, time);
    }
    pthread_mutex_lock(&state_lock);
    int is_simulated = simulated;
    int64_t now = is_simulated ? simulated_now_locked() : 0;
    pthread_mutex_unlock(&state_lock);
    if (!is_simulated) return real_clock_gettime(clock, time);
    time->tv_sec = (time_t)(now / 1000000000LL);
    time->tv_nsec = (long)(now % 1000000000LL);
    if (time->tv_nsec < 0) { time->tv_nsec += 1000000000L; time->tv_sec -= 1; }
    return 0;
}

int gettimeofday(struct timeval *restrict value, void *restrict zone) {
    (void)zone;
    int64_t now = widgetterm_clock_now();
    value->tv_sec = (time_t)(now / 1000000000LL);
    value->tv_usec = (suseconds_t)((now % 1000000000LL) / 1000);
    return 0;
}

time_t time(time_t *result) {
    time_t seconds = (time_t)(widgetterm_clock_now() / 1000000000LL);
    if (result) *result = seconds;
    return seconds;
}
