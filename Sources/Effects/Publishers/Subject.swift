/// A publisher you send values into by hand: the bridge from code that is not a publisher (a
/// callback, a delegate, a view) to code that subscribes.
///
/// ```swift
/// let keystrokes = PassthroughSubject<String>()
/// let cancellable = keystrokes.debounce(for: .milliseconds(300), scheduler: scheduler).sink { search($0) }
/// keystrokes.send("duc")
/// keystrokes.send("duck")
/// ```
///
/// As in Combine, a subject is a class shared by all its subscribers; sending after it has
/// finished does nothing. The subjects in this package may be sent to from any thread; each
/// subscriber is still called one call at a time, in the order the events were sent.
public protocol Subject<Output>: AnyObject, Publisher {
    /// Sends `value` to every subscriber.
    func send(_ value: Output)

    /// Finishes every subscriber; later values are ignored.
    func send(completion: Subscribers.Completion)
}
