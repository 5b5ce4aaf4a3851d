extension ThreeDucksState {
    /// What the rules make of `request` in this state: the actions that carry it out, in the
    /// order to dispatch them, or why it is refused.
    ///
    /// - ``PlayerRequest/giveUp``: `endGame` during a game. Refused on the title screen
    ///   (``PlayerRequest/Refusal/noGame``) and on the won screen
    ///   (``PlayerRequest/Refusal/gameWon``): a won game is left with ``PlayerRequest/goToTitle``.
    /// - ``PlayerRequest/goToTitle``: `endGame`, from a game or the won screen. Refused on the
    ///   title screen (``PlayerRequest/Refusal/alreadyOnTitle``).
    /// - ``PlayerRequest/chooseDifficulty(_:)``: on the title screen, `setDifficulty`, refused
    ///   when that level is chosen already (``PlayerRequest/Refusal/sameDifficulty``). During a
    ///   game or on the won screen, where the reducer keeps the level as it is, the way passes
    ///   through the title screen: `endGame`, `setDifficulty`, `startGame`, a new game at that
    ///   level (at the same level, a restart).
    ///
    /// ```swift
    /// let restart = ThreeDucksState(screen: .won).answer(to: .chooseDifficulty(.hard))
    /// // .accepted([.endGame, .setDifficulty(.hard), .startGame])
    /// let refusal = ThreeDucksState(screen: .title).answer(to: .giveUp)   // .refused(.noGame)
    /// ```
    ///
    /// It only reads the state; the actions, dispatched one after the other with nothing in
    /// between, do what it says.
    ///
    /// - Parameter request: What the player asks.
    /// - Returns: The actions to dispatch, or the reason for the refusal.
    public func answer(to request: PlayerRequest) -> PlayerRequest.Answer {
        switch (request, screen) {
        case (.giveUp, .started), (.goToTitle, .started), (.goToTitle, .won):
            return .accepted([.endGame])
        case (.giveUp, .title):
            return .refused(.noGame)
        case (.giveUp, .won):
            return .refused(.gameWon)
        case (.goToTitle, .title):
            return .refused(.alreadyOnTitle)
        case (.chooseDifficulty(let level), .title):
            return level == difficulty
                ? .refused(.sameDifficulty) : .accepted([.setDifficulty(level)])
        case (.chooseDifficulty(let level), .started), (.chooseDifficulty(let level), .won):
            return .accepted([.endGame, .setDifficulty(level), .startGame])
        }
    }
}
