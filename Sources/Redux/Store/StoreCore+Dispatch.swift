#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Effects

/// How work goes through the store: a caller arrives (a thread, a task, an effect's `send`),
/// the machine answers under the lock, and the caller carries the answer out after it, as the
/// drainer if the machine made it one; with a home, the home drains instead.
extension StoreCore {
    /// What a caller does once the lock is let go: the machine's answer, with what was done
    /// for it under the lock. `react`, `process` and `makeRoom` are followed by the next order.
    @usableFromInline
    enum Order: Sendable {
        /// Reduced under the lock: run the middlewares, notify the observers.
        case react(Action, Reaction)
        /// To process outside the lock: an observer, an action with interceptors or a task's.
        case process(Work)
        case makeRoom(RoomMade)
        /// Stop, resuming the tasks in `idle()` if the store is idle now (nil while none waits).
        case stop([UnsafeContinuation<Void, Never>]?)
        case handOff(Waiter)
        case schedule
        /// The caller's work, which the store shut down before taking.
        case drop(Work)
        /// Wait; then take over (no home) or arrive again (a home) with the caller's work.
        case wait(Waiter, Work)
    }

    /// What the middlewares and observers of a reduced action are handed besides the lent state.
    @usableFromInline
    struct Reaction: Sendable {
        /// Nil when there are none.
        @usableFromInline let observers: ObserverList<State>.Snapshot?

        @inlinable
        init(observers: ObserverList<State>.Snapshot?) {
            self.observers = observers
        }
    }

    /// Sends `action` through the store, from any thread.
    @inlinable
    func dispatch(_ action: Action) {
        arrive(with: .action(action))
    }

    @inlinable
    func arrive(with work: Work) {
        let thread = ThreadID.current
        withLoanStorage(for: State.self) { lent in
            let order = shared.withLock {
                arrival(of: work, from: thread, suspends: false, in: &$0, lendingTo: lent)
            }
            // The usual end of a dispatch (queued, or reduced with nothing to react), taken here.
            if case .stop(.none) = order { return }
            carry(out: order, lendingTo: lent)
        }
    }

    /// Under the lock: the machine's answer to a caller (a task if it `suspends`). A caller
    /// made the drainer starts on its work in the same critical section.
    @inlinable
    func arrival(
        of work: Work, from thread: ThreadID, suspends: Bool, in shared: inout Shared,
        lendingTo lent: LoanStorage<State>
    ) -> Order {
        let arrival = shared.machine.arrive(work, thread: thread, suspends: suspends) {
            home?.isCurrent?()
        }
        switch arrival {
        case .process:
            return start(work, in: &shared, lendingTo: lent)
        case .queued(let closesGate):
            if closesGate {
                // Under the lock, so that a drainer making room cannot open it first.
                closeGate()
            }
            return .stop(nil)
        case .queuedForHome:
            return .schedule
        case .dropped:
            return .drop(work)
        case .wait(let waiter):
            return .wait(waiter, work)
        }
    }

    @inlinable
    func next(in shared: inout Shared, lendingTo lent: LoanStorage<State>) -> Order {
        switch shared.machine.next() {
        case .process(let work):
            return start(work, in: &shared, lendingTo: lent)
        case .makeRoom(let waiters, let opensGate):
            return .makeRoom(makeRoom(for: waiters, opensGate: opensGate))
        case .handOff(let successor):
            return .handOff(successor)
        case .reschedule:
            return .schedule
        case .finished:
            return .stop(idleWaitersToResume(in: &shared))
        }
    }

    /// Under the lock: the drainer starts on `work` the machine handed it, on arrival or as its
    /// next step. The one place where an action is reduced on the machine's answer.
    ///
    /// An action with no interceptor is reduced in the critical section that took it; when
    /// nothing reads the state after it, the next step is taken there too. Anything else is
    /// processed outside the lock (``process(_:)``).
    @inlinable
    func start(
        _ work: Work, in shared: inout Shared, lendingTo lent: LoanStorage<State>
    ) -> Order {
        guard case .action(let action) = work, interceptors.isEmpty else {
            return .process(work)
        }
        if let reaction = reduce(action, in: &shared, lendingTo: lent) {
            return .react(action, reaction)
        }
        return next(in: &shared, lendingTo: lent)
    }

    /// Carries out `first`, then, as the drainer, each next order until the drain stops.
    @inlinable
    func carry(out first: consuming Order, lendingTo lent: LoanStorage<State>) {
        var order = first
        while true {
            switch consume order {
            case .react(let action, let reaction):
                react(to: action, reaction, lent: lent)
            case .process(let item):
                process(item)
            case .makeRoom(let room):
                room.wake()
            case .stop(let idleWaiters):
                resume(idleWaiters)
                return
            case .handOff(let successor):
                successor.signal()
                return
            case .schedule:
                scheduleOnHome()
                return
            case .drop(let work):
                drop(work)
                return
            case .wait(let waiter, let work):
                wait(for: waiter, with: work)
                return
            }
            order = shared.withLock { next(in: &$0, lendingTo: lent) }
        }
    }

    /// Blocks the calling thread until signalled, then takes over (no home) or arrives again
    /// (a home). Never inlined, as every step a dispatch rarely takes, so that the usual one
    /// stays small.
    @inlinable
    @inline(never)
    func wait(for waiter: Waiter, with work: Work) {
        waiter.wait()
        if home == nil {
            // Signalled as the successor (or because the store shut down).
            takeOver(with: work)
        } else {
            // Signalled because the queue drained to half (or the store shut down).
            arrive(with: work)
        }
    }

    @inlinable
    func drain() {
        withLoanStorage(for: State.self) { lent in
            carry(out: shared.withLock { next(in: &$0, lendingTo: lent) }, lendingTo: lent)
        }
    }

    /// Releases work the store shut down before processing; a task's action still counts as
    /// done for its task.
    @usableFromInline
    func drop(_ work: Work) {
        if case .tracked(_, let membership) = work {
            membership.tracker.actionProcessed(isSentAction: membership.isSentAction)
        }
    }

    /// A successor handed the drainer's role queues its own work, then drains, on the calling
    /// thread (a task's successor may have resumed on any).
    @inlinable
    @inline(never)
    func takeOver(with work: Work) {
        let thread = ThreadID.current
        while true {
            let answer = shared.withLock { shared in
                let answer = shared.machine.takeOver(with: work, on: thread)
                if case .queued(closesGate: true) = answer {
                    closeGate()
                }
                return answer
            }
            switch answer {
            case .process(let first):
                // Not through `start(_:in:lendingTo:)`: its next step would be taken before
                // this thread's own work is queued.
                process(first)
            case .queued:
                drain()
                return
            case .dropped:
                drop(work)
                return
            }
        }
    }

    /// Under the lock, as the queue fills up: async senders wait (the gate's lock is a leaf).
    @usableFromInline
    func closeGate() {
        effects.gate.close()
    }

    @usableFromInline
    func makeRoom(for waiters: [Waiter], opensGate: Bool) -> RoomMade {
        RoomMade(waiters: waiters, opened: opensGate ? effects.gate.open() : nil)
    }

    @usableFromInline
    struct RoomMade: Sendable {
        let waiters: [Waiter]
        let opened: SendGate.Opened?

        @usableFromInline
        func wake() {
            for waiter in waiters {
                waiter.signal()
            }
            opened?.resume()
        }
    }

    @inlinable
    @inline(never)
    func process(_ work: Work) {
        switch work {
        case .action(let action):
            if interceptors.isEmpty {
                apply(action)
            } else {
                intercept(action, from: 0)
            }
        case .attach(let observer):
            welcome(observer)
        case .tracked(let action, let membership):
            process(action, membership)
        }
    }

    @usableFromInline
    func intercept(_ action: Action, from index: Int, in membership: TaskMembership? = nil) {
        guard index < interceptors.count else {
            apply(action, in: membership)
            return
        }
        interceptors[index].intercept(
            action, InterceptorContext(core: self, membership: membership)
        ) { next in
            self.intercept(next, from: index + 1, in: membership)
        }
    }

    /// Reduces an action processed outside the lock, then reacts to it; unless the store shut
    /// down since the drainer took it (then it is released, as the queue was).
    @inlinable
    func apply(_ action: Action, in membership: TaskMembership? = nil) {
        withLoanStorage(for: State.self) { lent in
            let reaction = shared.withLock { shared in
                shared.machine.isShutDown ? nil : reduce(action, in: &shared, lendingTo: lent)
            }
            if let reaction {
                react(to: action, reaction, lent: lent, membership: membership)
            }
        }
    }

    /// Under the lock, as the drainer: reduces in place, then lends the state after it if
    /// anything will read it (nil when nothing will).
    @inlinable
    func reduce(
        _ action: Action, in shared: inout Shared, lendingTo lent: LoanStorage<State>
    ) -> Reaction? {
        reduce(&shared.state, action)
        guard !middlewares.isEmpty || !shared.observers.isEmpty else { return nil }
        lend(&shared.state, to: lent)
        return Reaction(observers: shared.observers.isEmpty ? nil : shared.observers.snapshot)
    }

    @inlinable
    func react(
        to action: Action, _ reaction: Reaction, lent: LoanStorage<State>,
        membership: TaskMembership? = nil
    ) {
        borrowLent(lent) { state in
            react(to: action, in: state, observers: reaction.observers, membership: membership)
        }
    }

    /// Starts the middlewares' effects (as the task's, if any), then notifies the observers.
    /// Always inlined, so that the loop's body is compiled into the loop.
    @inlinable
    @inline(__always)
    func react(
        to action: Action, in state: State, observers: ObserverList<State>.Snapshot?,
        membership: TaskMembership?
    ) {
        // The store holds its middlewares for its whole life.
        forEachUnretained(in: middlewares) { box in
            let effect = box.run(state, action)
            // The state after this action is the state before the next: only the drainer
            // reduces, and it reduces the next once this returns.
            box.remember?(state)
            if effect.isNone { return }
            run(consume effect, membership: membership)
        }
        observers?.notify(state)
    }

    @inlinable
    @inline(never)
    func run(_ effect: consuming Effect<Action>, membership: TaskMembership?) {
        if membership == nil, case .just(let next) = effect.operation {
            // What starting it would do, without the runtime. A task's action takes the
            // runtime, which marks what it sends as the task's.
            dispatch(next)
            return
        }
        start(effect, for: membership?.tracker)
    }
}

// MARK: - Arriving from a task

extension StoreCore {
    /// As ``dispatch(_:)``, but where a thread would block, the task suspends.
    @inlinable
    func enqueue(_ action: Action) async {
        await arriveSuspending(with: .action(action))
    }

    /// The async twin of ``arrive(with:)``: no thread of the pool is held while the task waits.
    @inlinable
    func arriveSuspending(with work: Work) async {
        guard let waiter = arriveAsTask(with: work) else { return }
        await resume(after: waiter, with: work)
    }

    /// Carries out the machine's answer to a task, unless it is to wait: then the waiter.
    @inlinable
    func arriveAsTask(with work: Work) -> Waiter? {
        let thread = ThreadID.current
        return withLoanStorage(for: State.self) { lent in
            let order = shared.withLock {
                arrival(of: work, from: thread, suspends: true, in: &$0, lendingTo: lent)
            }
            if case .wait(let waiter, _) = order { return waiter }
            carry(out: order, lendingTo: lent)
            return nil
        }
    }

    /// Dispatches `work` that `Effect.run`'s `send` delivers: at once, as a task would; where
    /// it must wait (or an earlier value of the delivery did), the waiting is handed to the
    /// sending task, to do once the value has gone through the effect's operators.
    @inlinable
    func dispatch(_ work: Work, during delivery: SendDelivery) {
        // Behind work handed over already, so that the sender's values keep their order.
        if delivery.isHoldingWork, delivery.take({ [self] in await arriveSuspending(with: work) }) {
            return
        }
        guard let waiter = arriveAsTask(with: work) else { return }
        let rest: @Sendable () async -> Void = { [self] in await resume(after: waiter, with: work) }
        if !delivery.take(rest) {
            // Only a task that inherited another task's delivery finds it over.
            Task { await rest() }
        }
    }

    /// The one place where a store's caller suspends. Resumed, it does what a thread would:
    /// takes over (no home) or arrives again (a home); after a shutdown, its work is dropped.
    @inlinable
    func resume(after first: Waiter, with work: Work) async {
        var waiter = first
        while true {
            await waiter.suspend()
            if home == nil {
                takeOver(with: work)
                return
            }
            guard let next = arriveAsTask(with: work) else { return }
            waiter = next
        }
    }
}

// MARK: - Draining on the home

extension StoreCore {
    /// Asks the home to drain the queue, unless code on the home has meanwhile or the store is
    /// gone by then: one piece of work per batch of dispatches.
    @inlinable
    @inline(never)
    func scheduleOnHome() {
        guard let home else {
            preconditionFailure("a store without a home has nothing to schedule")
        }
        home.schedule { [self] in
            let thread = ThreadID.current
            if shared.withLock({ $0.machine.homeRuns(on: thread) }) { drain() }
        }
    }
}

extension ThreadID {
    /// The calling thread: `pthread_self()`, which reads a thread register.
    @usableFromInline
    static var current: ThreadID {
        #if canImport(Glibc)
        ThreadID(rawValue: UInt(pthread_self()))
        #else
        ThreadID(rawValue: UInt(bitPattern: pthread_self()))
        #endif
    }
}

// MARK: - The state loan

// The drainer's state is lent to the middlewares and observers instead of copied out of the lock:
// its bytes, copied without a retain, are moved out for the calls and put back undestroyed.
// Sound because only the drainer writes the state, under the lock, and never while a loan is out
// (a nested dispatch is queued): anything that writes the state must keep it so.

/// Storage on the drainer's stack for one lent state: the raw memory is handled here only.
@usableFromInline
struct LoanStorage<State> {
    // decision log: State loan
    @usableFromInline let address: UnsafeMutablePointer<State>

    // decision log: State loan
    @inlinable init(_ address: UnsafeMutablePointer<State>) { self.address = address }
}

/// On the heap only for a state too large for the stack.
@inlinable
@inline(__always)
func withLoanStorage<State, Result>(
    for _: State.Type, _ body: (LoanStorage<State>) -> Result
) -> Result {
    // decision log: State loan
    withUnsafeTemporaryAllocation(of: State.self, capacity: 1) { buffer in
        guard let address = buffer.baseAddress else {
            preconditionFailure("a temporary allocation of one element has an address")
        }
        return body(LoanStorage(address))
    }
}

/// The start of a loan, under the store's lock, by the drainer.
@inlinable
@inline(__always)
func lend<State>(_ state: inout State, to storage: LoanStorage<State>) {
    let size = MemoryLayout<State>.size
    // decision log: State loan
    withUnsafeMutablePointer(to: &state) { source in
        // decision log: State loan
        UnsafeMutableRawPointer(storage.address).copyMemory(from: source, byteCount: size)
    }
}

/// The end of a loan: the bytes are left in `storage` undestroyed.
@inlinable
@inline(__always)
func borrowLent<State, Result>(_ storage: LoanStorage<State>, _ body: (State) -> Result) -> Result {
    let state = storage.address.move()
    let result = body(state)
    storage.address.initialize(to: consume state)
    return result
}

// MARK: - Unretained loops

/// Calls `body` with each object, in order, unretained: the caller holds the array for the loop.
@inlinable
@inline(__always)
func forEachUnretained<Object: AnyObject>(in objects: [Object], _ body: (Object) -> Void) {
    forEachReference(in: objects, body)
}

/// The same, skipping empty slots.
@inlinable
@inline(__always)
func forEachUnretained<Object: AnyObject>(in slots: [Object?], _ body: (Object) -> Void) {
    forEachReference(in: slots, body)
}

/// `Object` and `Object?` have one layout: a reference, nil the null one.
@inlinable
@inline(__always)
func forEachReference<Element, Object: AnyObject>(
    in elements: [Element], _ body: (Object) -> Void
) {
    let stride = MemoryLayout<Object?>.stride
    // decision log: Unretained loops
    elements.withUnsafeBytes { bytes in
        var at = 0
        while at < bytes.count {
            // A closure literal, not `body` itself, so that the caller's body is inlined here.
            // decision log: Unretained loops
            bytes.load(fromByteOffset: at, as: Unmanaged<Object>?.self)?._withUnsafeGuaranteedRef {
                body($0)
            }
            at &+= stride
        }
    }
}
