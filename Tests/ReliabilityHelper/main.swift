// The child process of ReliabilityTests: it writes files until it is killed, or reads and
// writes them as a user without permission. Not shipped; built because the tests depend on it.
//
//   reliability-helper save-high-scores PATH FIRST   saves highScores(forSave: K) for K = FIRST,
//                                                    FIRST+1, … until killed; "saved K" after each
//   reliability-helper record PATH FIRST             records recordedAction(K) for K = FIRST, …
//                                                    through a store and a RecordingFile, until
//                                                    killed; "wrote K" after each line
//   reliability-helper race-high-scores PATH GATE GAME ROUNDS
//                                                    opens the named pipe GATE, says "ready",
//                                                    waits for its end, then saves
//                                                    GAME.scores(inRound: K) for K = 1…ROUNDS,
//                                                    loading the file after each save: "saved K",
//                                                    or "lost K: …" if its own record is gone
//   reliability-helper as-nobody load PATH           as uid and gid 65534 (when started as root):
//   reliability-helper as-nobody save PATH           "uid N", then the outcome of one load, one
//   reliability-helper as-nobody play PATH           save, or one game won (as JSON)
//
// Progress goes straight to standard output with write(2), one line per call, so the parent
// sees each line as soon as the work before it is done.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Effects
import Foundation
import Redux
import ReduxRecording
import TestSupport
import ThreeDucks

func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeBytes {
            write(1, $0.baseAddress! + offset, $0.count - offset)
        }
        if written < 0 {
            if errno == EINTR { continue }
            exit(3)
        }
        offset += written
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("reliability-helper: \(message)\n".utf8))
    exit(2)
}

/// Becomes the unprivileged user "nobody" when running as root, so that file permissions apply.
func dropPrivileges() {
    guard geteuid() == 0 else { return }
    guard setgroups(0, nil) == 0, setgid(65_534) == 0, setuid(65_534) == 0 else {
        fail("could not become nobody: \(String(cString: strerror(errno)))")
    }
    guard geteuid() == 65_534, getegid() == 65_534, setuid(0) != 0 else {
        fail("still privileged after dropping privileges")
    }
}

func saveHighScoresForever(path: String, first: Int) -> Never {
    let file = HighScoreFile(path: path)
    var k = first
    while true {
        do {
            try file.save(highScores(forSave: k))
        } catch {
            fail("save \(k): \(error)")
        }
        say("saved \(k)")
        k += 1
    }
}

func recordForever(path: String, first: Int) -> Never {
    let file: RecordingFile
    do {
        file = try RecordingFile(path: path)
    } catch {
        fail("\(error)")
    }
    let scheduler = TestScheduler()
    scheduler.advance(to: recordedTime(first))
    let store = Store(
        initial: ThreeDucksState(),
        mutatingReducer: threeDucksReducer,
        interceptors: [.recording(to: file, scheduler: scheduler)]
    )
    var k = first
    while true {
        scheduler.advance(to: recordedTime(k))
        store.dispatch(recordedAction(k))
        if let error = file.firstError { fail("\(error)") }
        say("wrote \(k)")
        k += 1
    }
}

func raceHighScores(path: String, gate: String, game: RacingGame, rounds: Int) -> Never {
    // Both games start saving at the same moment: when the parent closes the gate.
    let descriptor = open(gate, O_RDONLY)
    guard descriptor >= 0 else { fail("cannot open \(gate): \(String(cString: strerror(errno)))") }
    say("ready")
    var byte: UInt8 = 0
    while true {
        let count = read(descriptor, &byte, 1)
        if count == 0 { break }
        if count < 0, errno != EINTR {
            fail("cannot read \(gate): \(String(cString: strerror(errno)))")
        }
    }
    close(descriptor)

    let file = HighScoreFile(path: path)
    for k in 1...rounds {
        let scores = game.scores(inRound: k)
        do {
            try file.save(scores)
            let loaded = try file.load()
            // The other game may have saved since, but never at this game's own level, and
            // only better records at the shared one.
            if loaded[game.ownLevel] != scores[game.ownLevel] {
                say("lost \(k): \(game.ownLevel) is \(String(describing: loaded[game.ownLevel]))")
            } else if let shared = loaded[.normal], let mine = scores[.normal],
                mine.isBetter(than: shared)
            {
                say("lost \(k): normal is \(shared), worse than \(mine)")
            } else {
                say("saved \(k)")
            }
        } catch {
            fail("round \(k): \(error)")
        }
    }
    exit(0)
}

func runAsNobody(_ command: String, path: String) {
    dropPrivileges()
    say("uid \(geteuid())")
    let file = HighScoreFile(path: path)
    switch command {
    case "load":
        do {
            say("loaded \(try file.load().count)")
        } catch {
            say("error \(error.description)")
        }
    case "save":
        do {
            try file.save(highScores(forSave: 1))
            say("saved")
        } catch {
            say("error \(error.description)")
        }
    case "play":
        let game = playOneWinningGame(file: file)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let loaded = try? encoder.encode(game.afterLoading),
            let final = try? encoder.encode(game.final)
        else {
            fail("could not encode the states")
        }
        say("loaded-state \(String(decoding: loaded, as: UTF8.self))")
        say("final-state \(String(decoding: final, as: UTF8.self))")
    default:
        fail("unknown command as-nobody \(command)")
    }
}

let arguments = CommandLine.arguments
switch (arguments.count, arguments.dropFirst().first) {
case (4, "save-high-scores"):
    guard let first = Int(arguments[3]) else { fail("FIRST must be a number") }
    saveHighScoresForever(path: arguments[2], first: first)
case (4, "record"):
    guard let first = Int(arguments[3]) else { fail("FIRST must be a number") }
    recordForever(path: arguments[2], first: first)
case (6, "race-high-scores"):
    guard let game = RacingGame(rawValue: arguments[4]), let rounds = Int(arguments[5]), rounds > 0
    else {
        fail("GAME must be first or second, ROUNDS a number above 0")
    }
    raceHighScores(path: arguments[2], gate: arguments[3], game: game, rounds: rounds)
case (4, "as-nobody"):
    runAsNobody(arguments[2], path: arguments[3])
default:
    fail(
        "usage: reliability-helper save-high-scores|record PATH FIRST, race-high-scores PATH GATE GAME ROUNDS, or as-nobody load|save|play PATH"
    )
}
