#include "SignalSafeSlots.h"

#include <stdatomic.h>

// An `atomic_int_least32_t` is lock-free on every platform the package supports (checked below),
// so loads and stores of it are safe in a signal handler.
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "32-bit atomics must be lock-free for signal handlers");

static _Atomic int32_t slots[SignalSafeSlotCount] = {-1, -1, -1};

int32_t signal_safe_slot_load(SignalSafeSlot slot) {
    return atomic_load_explicit(&slots[slot], memory_order_acquire);
}

void signal_safe_slot_store(SignalSafeSlot slot, int32_t value) {
    atomic_store_explicit(&slots[slot], value, memory_order_release);
}
