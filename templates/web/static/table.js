// The table (issue 25): deals a saved deck and plays it through the JSON API (/api/game),
// the rules engine checking every move. Nothing is kept here but the game's id: each answer
// is the whole table as the player may see it, drawn afresh.
(function () {
  "use strict";

  var root = document.getElementById("table");
  if (!root) { return; }
  var deck = root.getAttribute("data-deck");
  var seed = parseInt(root.getAttribute("data-seed"), 10) || 0;
  var gameNo = parseInt(root.getAttribute("data-game"), 10) || 1;
  var game = null;
  var chosen = null;  // the card whose moves are shown
  var busy = false;
  var shown = 0;  // answers drawn so far (data-shown: what a test waits on)
  var failed = 0;  // calls refused or unanswered so far (data-failed: a test stops waiting at one)
  var told = [];  // the log lines drawn (a step adds a few: only those are drawn)

  function $(id) { return document.getElementById(id); }

  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = text; }
    if (cls) { node.className = cls; }
    return node;
  }

  function fail(message) {
    $("status").textContent = message;
    failed += 1;
    root.setAttribute("data-failed", String(failed));
  }

  function call(method, url, body) {
    if (busy) { return Promise.resolve(null); }
    busy = true;
    root.setAttribute("aria-busy", "true");
    var options = { method: method, headers: { "Accept": "application/json" } };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    return fetch(url, options).then(function (response) {
      return response.json().then(function (doc) {
        if (!response.ok) {
          fail(doc && doc.error ? doc.error.message : "the server answered " + response.status);
          return null;
        }
        return doc;
      });
    }).catch(function (err) {
      fail("The server did not answer (" + err + ")");
      return null;
    }).finally(function () {
      busy = false;
      root.setAttribute("aria-busy", "false");
    });
  }

  function deal() {
    var opponent = $("opponent").value;
    var body = { saved: deck, seed: seed, game: gameNo, opponents: [], format: root.getAttribute("data-format") || "advanced",
                 target: parseInt(root.getAttribute("data-target"), 10) || 20 };
    if (root.getAttribute("data-investigator")) { body.investigator = root.getAttribute("data-investigator"); }
    if (opponent) { body.opponents.push({ saved: opponent, ai: $("ai").value }); }
    $("seed-shown").textContent = String(seed);
    $("advice-text").textContent = "";
    return call("POST", "/api/game", body).then(show);
  }

  function move(id) {
    if (!game) { return Promise.resolve(null); }
    $("advice-text").textContent = "";
    return call("POST", "/api/game/" + game.id + "/move", { move: id }).then(show);
  }

  function step(action) {
    if (!game) { return Promise.resolve(null); }
    $("advice-text").textContent = "";
    return call("POST", "/api/game/" + game.id + "/" + action).then(show);
  }

  function passMove() {
    if (!game) { return null; }
    for (var i = 0; i < game.legal.length; i++) {
      if (game.legal[i].kind === "pass") { return game.legal[i]; }
    }
    return null;
  }

  function status(state) {
    if (state.over) {
      if (state.winner) { return "Game over: " + state.winner + (state.winner === "You" ? " win" : " wins") + "."; }
      return state.tie ? "Game over: a tie." : "Game over.";
    }
    var who = state.your_turn ? "your decision" : (state.to_act ? state.to_act + "'s Turn" : "");
    return "Round " + state.round + " · " + state.stage + (who ? " · " + who : "");
  }

  function cardText(c) {
    var text = c.title + (c.type ? " (" + c.type + ")" : "");
    if (c.holds && c.holds.length) {
      text += " with " + c.holds.map(function (h) { return h.title; }).join(", ");
    }
    return text;
  }

  function fact(dl, name, value) {
    if (value === null || value === undefined || value === "") { return; }
    dl.appendChild(el("dt", name));
    dl.appendChild(el("dd", String(value)));
  }

  function drawPlayer(p) {
    var box = el("div", null, "player");
    box.setAttribute("data-seat", String(p.seat));
    box.appendChild(el("h3", p.name + " · " + p.investigator));
    var dl = el("dl");
    fact(dl, "Sanity", p.sanity + " of " + p.sanity_max);
    fact(dl, "Adventure points", p.points);
    fact(dl, "Current Location", p.location || (p.walking_to ? "walking to " + p.walking_to : "none yet"));
    fact(dl, "Story Deck", p.story.length ? p.story.length + ": " + p.story.join(", ") : "empty");
    var play = p.in_play;
    var inPlay = [].concat(play.allies, play.tomes, play.artifacts, play.spells, play.events, play.adventures,
                           play.great_old_one).map(cardText);
    fact(dl, "In play", inPlay.length ? inPlay.join("; ") : "nothing");
    if (typeof p.threat === "number") {
      fact(dl, "Threat", p.threat + " card(s), face down");
    } else {
      fact(dl, "Threat", p.threat.length ? p.threat.map(cardText).join(", ") : "none");
    }
    fact(dl, "Hand", typeof p.hand === "number" ? p.hand + " card(s)" : p.hand.length + " card(s)");
    fact(dl, "Mythos Deck", p.mythos_deck + " · Discard " + p.discard);
    box.appendChild(dl);
    return box;
  }

  function moveButton(m) {
    var b = el("button", m.text);
    b.type = "button";
    b.setAttribute("data-move", String(m.id));
    b.addEventListener("click", function () { move(m.id); });
    return b;
  }

  function showCard(card) {
    chosen = card ? card.card : null;
    var box = $("card-moves");
    box.textContent = "";
    document.querySelectorAll("#hand button").forEach(function (b) {
      b.setAttribute("aria-pressed", String(card !== null && b.getAttribute("data-card") === String(chosen)));
    });
    if (!card) { return; }
    if (!card.moves.length) {
      box.appendChild(el("p", card.title + " cannot be played now: " + card.why_not, "why-not"));
      return;
    }
    game.legal.forEach(function (m) {
      if (card.moves.indexOf(m.id) >= 0) { box.appendChild(moveButton(m)); }
    });
  }

  function show(answer) {
    if (!answer) { return answer; }
    game = answer;
    var state = answer.state;
    $("status").textContent = status(state);
    if (state.combat_so_far.length) {  // a Combat question: what the Combat has told so far
      $("status").textContent += " · " + state.combat_so_far.map(function (l) { return l.trim(); }).join(" · ");
    }
    var me = state.players[0];
    var hand = $("hand");
    hand.textContent = "";
    var again = null;
    me.hand.forEach(function (card) {
      var li = el("li");
      var b = el("button", cardText(card), card.moves.length ? "" : "blocked");
      b.type = "button";
      b.setAttribute("data-card", String(card.card));
      b.setAttribute("aria-pressed", "false");
      b.title = card.moves.length ? "Click for its legal plays" : "Cannot be played now: " + card.why_not;
      b.addEventListener("click", function () { showCard(card); });
      li.appendChild(b);
      hand.appendChild(li);
      if (card.card === chosen) { again = card; }
    });
    showCard(again);
    // Moves of no card in hand (End the Round, Arrive at, Cast from a Tome...), Pass apart.
    var others = $("other-moves");
    others.textContent = "";
    var inHand = {};
    me.hand.forEach(function (c) { c.moves.forEach(function (id) { inHand[id] = true; }); });
    answer.legal.forEach(function (m) {
      if (!inHand[m.id] && m.kind !== "pass") {
        var li = el("li");
        li.appendChild(moveButton(m));
        others.appendChild(li);
      }
    });
    var players = $("players");
    players.textContent = "";
    state.players.forEach(function (p) { players.appendChild(drawPlayer(p)); });
    drawLog(answer.log);
    $("pass").disabled = !passMove();
    $("undo").disabled = !state.can_undo;
    $("redo").disabled = !state.can_redo;
    $("advice").disabled = !state.your_turn;
    $("auto").disabled = !state.your_turn;
    shown += 1;
    root.setAttribute("data-shown", String(shown));
    return answer;
  }

  // Draws the log: a move adds lines at its end, so only those are drawn (a long match's
  // log is not built again at every step); undo, redo or a new deal draw it afresh.
  function drawLog(lines) {
    var log = $("log");
    var same = told.length <= lines.length;
    for (var i = 0; same && i < told.length; i++) { same = told[i] === lines[i]; }
    if (!same) {
      log.textContent = "";
      told = [];
    }
    if (lines.length === told.length) { return; }
    var added = document.createDocumentFragment();
    for (var k = told.length; k < lines.length; k++) { added.appendChild(el("li", lines[k])); }
    log.appendChild(added);
    told = lines.slice();
    log.scrollTop = log.scrollHeight;
  }

  function advise() {
    if (!game) { return; }
    call("GET", "/api/game/" + game.id + "/suggest").then(function (doc) {
      if (!doc) { return; }
      var box = $("advice-text");
      box.textContent = "";
      if (doc.move === null) { box.textContent = doc.reason; return; }
      box.appendChild(document.createTextNode("The computer would " + doc.text + ": " + doc.reason + ". "));
      var b = el("button", "Play it");
      b.type = "button";
      b.id = "play-advice";
      b.addEventListener("click", function () { move(doc.move); });
      box.appendChild(b);
    });
  }

  $("setup").addEventListener("submit", function (event) {
    event.preventDefault();
    if (game) { seed += 1; }  // a new deal: the next seed
    deal();
  });
  $("pass").addEventListener("click", function () { var m = passMove(); if (m) { move(m.id); } });
  $("undo").addEventListener("click", function () { step("undo"); });
  $("redo").addEventListener("click", function () { step("redo"); });
  $("advice").addEventListener("click", advise);
  $("auto").addEventListener("click", function () { if (game && game.state.your_turn) { step("auto"); } });
  document.addEventListener("keydown", function (event) {
    var t = event.target;
    if (event.ctrlKey || event.metaKey || event.altKey) { return; }
    if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) { return; }
    var key = event.key.toLowerCase();
    if (key === "u" && game && game.state.can_undo) { step("undo"); }
    else if (key === "r" && game && game.state.can_redo) { step("redo"); }
    else if (key === "p") { var m = passMove(); if (m) { move(m.id); } }
    else if (key === "n") { seed += 1; deal(); }
    else if (key === "s" && game && game.state.your_turn) { step("auto"); }
    else { return; }
    event.preventDefault();
  });
  deal();
}());
