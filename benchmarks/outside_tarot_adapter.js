// TarotClub's JavaScript bots (github.com/tarotclub/tarotclub, assets/ai) run under node, one
// sandbox per bot, driven by benchmarks/outside_tarot.py over stdin/stdout, one JSON line each way.
//
//   node outside_tarot_adapter.js <TarotClub assets/ai directory>
//
// A request is a list of [bot id, calls]; each call is [function name, ...string arguments] of
// TarotClub's bot API (assets/ai/main.js: EnterGame, ReceiveCards, AnnounceBid, AnnounceSlam,
// BuildDiscard, StartDeal, AskForHandle, ShowHandle, PlayCard, PlayedCard), or of the adapter:
// "new" (a fresh sandbox with the scripts loaded, as TarotClub's engine does for each bot), "free",
// and "SetDeck" (the bot's hand as the table has it, after an écart the table had to amend).
// The answer is the list of each request's last result. Nothing of the bots' code is changed.
"use strict";
const fs = require("fs");
const path = require("path");
const readline = require("readline");
const vm = require("vm");

const dir = process.argv[2];
const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
const scripts = manifest.files.map(
    (f) => new vm.Script(fs.readFileSync(path.join(dir, f), "utf8"), { filename: f }));
const bridge = new vm.Script("function SetDeck(cards) { CurrentGame.bot.deck.setCards(cards); }");
const bots = new Map();

function fresh() {
    const context = vm.createContext({ systemPrint: () => {} });
    for (const s of scripts) {
        s.runInContext(context);
    }
    bridge.runInContext(context);
    return context;
}

function call(id, name, args) {
    if (name === "new") {
        bots.set(id, fresh());
        return null;
    }
    if (name === "free") {
        bots.delete(id);
        return null;
    }
    const context = bots.get(id);
    const result = context[name](...args);
    return result === undefined ? null : result;
}

const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on("line", (line) => {
    const answers = [];
    for (const [id, calls] of JSON.parse(line)) {
        let last = null;
        for (const [name, ...args] of calls) {
            try {
                last = call(id, name, args);
            } catch (e) {
                last = { error: String(e) };
            }
        }
        answers.push(last);
    }
    process.stdout.write(JSON.stringify(answers) + "\n");
});
