#ifndef SIGNAL_SAFE_SLOTS_H
#define SIGNAL_SAFE_SLOTS_H

#include <stdint.h>

// A few process-wide 32-bit slots that a signal handler may read and write: C11 lock-free
// atomics, which are async-signal-safe, where Swift's `Atomic` needs macOS 15 / iOS 18 and a lock
// may not be taken in a handler. The terminal game keeps in them the descriptors its handlers
// use. Every slot starts at -1.

/// The slots, by name.
typedef enum {
    SignalSafeSlotTerminalInput = 0,
    SignalSafeSlotScreenOutput = 1,
    SignalSafeSlotWakePipe = 2,
    SignalSafeSlotCount = 3,
} SignalSafeSlot;

/// The slot's value, read with acquire ordering: what was written before the releasing store
/// that put it there is visible after.
int32_t signal_safe_slot_load(SignalSafeSlot slot);

/// Puts `value` in the slot with release ordering.
void signal_safe_slot_store(SignalSafeSlot slot, int32_t value);

#endif
