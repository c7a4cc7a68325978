// The web deck builder's own script: progressive enhancement, no framework, nothing fetched
// from anywhere but the builder itself. Without it every page still works as plain forms.
//
// - A form marked "live" (+ and -, the copies buttons, "add one of") is sent in the
//   background; the answer is the page again, and its parts marked data-live (the list,
//   the verdict, the search results) replace the old ones: the verdict follows each click.
// - The editor's search and its column headings fetch the results in place.
// - Every form that changes a deck carries the deck's revision; after each answer the new
//   revision is copied into every such form of the page, and a form queued behind another
//   is sent with the revision current when it goes (a change against an old one is refused).
// - A test-games page follows its job's progress and shows the results when done.
// - The Share box's Copy buttons copy the deck code or its link; Import opened as
//   /import#mythos:1:... puts the code from the address's fragment (which the browser never
//   sends to the server) in the deck list box, ready to import.
(function () {
  "use strict";

  var queue = Promise.resolve();

  function token() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute("content") : "";
  }

  function setBusy(busy) {
    document.querySelectorAll("[data-live]").forEach(function (el) {
      el.classList.toggle("busy", busy);
      el.setAttribute("aria-busy", busy ? "true" : "false");
    });
  }

  // The saved deck a form changes: its id in the form's address (/decks/ID/...).
  function deckOf(form) {
    var match = form && /\/decks\/([a-z0-9-]+)\//.exec(form.getAttribute("action") || "");
    return match ? match[1] : null;
  }

  // Gets {deck id: revision} of the forms of a document.
  function revisions(root) {
    var found = {};
    root.querySelectorAll('form input[name="revision"]').forEach(function (input) {
      var deck = deckOf(input.form || input.closest("form"));
      if (deck && !(deck in found)) { found[deck] = input.value; }
    });
    return found;
  }

  // Puts the live parts of a fetched page in place of ours; a page without them (an
  // error page) is shown whole.
  function swap(html, url) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = revisions(doc);
    var parts = document.querySelectorAll("[data-live][id]");
    var swapped = 0;
    parts.forEach(function (el) {
      var fresh = doc.getElementById(el.id);
      if (fresh) {
        el.replaceWith(document.importNode(fresh, true));
        swapped += 1;
      }
    });
    if (!swapped) {
      document.body.replaceWith(document.importNode(doc.body, true));
    }
    document.querySelectorAll('form input[name="revision"]').forEach(function (input) {
      var deck = deckOf(input.form || input.closest("form"));
      if (deck && deck in fresh) { input.value = fresh[deck]; }
    });
    document.title = doc.title;
    if (url && url !== window.location.href) {
      window.history.replaceState(null, "", url);
    }
    document.dispatchEvent(new CustomEvent("mythos:swapped"));
  }

  function send(url, options, form) {
    queue = queue.then(function () {
      var deck = deckOf(form);
      if (deck && options.body && options.body.has && options.body.has("revision")) {
        var now = revisions(document)[deck];
        if (now) { options.body.set("revision", now); }
      }
      setBusy(true);
      return fetch(url, options)
        .then(function (response) {
          return response.text().then(function (html) { swap(html, response.redirected ? response.url : null); });
        })
        .catch(function () {
          // A change is a POST: loading its address would GET a route that takes none (a
          // 405 page). The page says the server did not answer; a search (a GET) is loaded.
          if ((options.method || "GET").toUpperCase() === "GET") { window.location.assign(url); } else { unreachable(); }
        })
        .finally(function () { setBusy(false); });
    });
    return queue;
  }

  // Shows at the top of the page that the server did not answer a change (one notice).
  function unreachable() {
    var box = document.getElementById("network-error");
    if (!box) {
      box = document.createElement("div");
      box.id = "network-error";
      box.className = "error";
      box.setAttribute("role", "alert");
      var main = document.querySelector("main") || document.body;
      main.insertBefore(box, main.firstChild);
    }
    box.innerHTML = "";
    var p = document.createElement("p");
    var strong = document.createElement("strong");
    strong.textContent = "Error:";
    var message = document.createElement("span");
    message.className = "message";
    message.textContent = "the server did not answer, so this change may not have been made. Is mythos serve " +
      "still running? Reload the page to see the deck as it stands, then try again.";
    p.append(strong, " ", message);
    box.append(p);
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement)) { return; }
    if (form.classList.contains("live")) {
      event.preventDefault();
      var data = new FormData(form, event.submitter || undefined);
      var byName = form.classList.contains("add-by-name");
      send(form.action, {
        method: "POST", body: data, credentials: "same-origin",
        headers: { "X-CSRF-Token": token(), "X-Requested-With": "fetch" }
      }, form).then(function () {
        if (byName) {
          var input = form.querySelector('input[name="card"]');
          if (input && !document.querySelector("#deck-head .error")) { input.value = ""; input.focus(); }
        }
      });
    } else if (form.method === "get" && form.classList.contains("search") && document.getElementById("search-panel")) {
      event.preventDefault();
      var query = new URLSearchParams(new FormData(form)).toString();
      var url = form.action + (query ? "?" + query : "");
      send(url, { credentials: "same-origin" }).then(function () { window.history.replaceState(null, "", url); });
    }
  });

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("#search-panel th a");
    if (link && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
      event.preventDefault();
      var url = link.href;
      send(url, { credentials: "same-origin" }).then(function () { window.history.replaceState(null, "", url); });
    }
  });

  // The Build form's Adventures: typing narrows the list (a chosen one always stays).
  document.addEventListener("input", function (event) {
    if (event.target.id !== "adventure-filter") { return; }
    var words = event.target.value.toLowerCase().split(/\s+/).filter(Boolean);
    document.querySelectorAll("#adventure option").forEach(function (option) {
      var text = option.textContent.toLowerCase();
      option.hidden = !option.selected && !words.every(function (w) { return text.indexOf(w) >= 0; });
    });
  });

  // The Share box: a Copy button copies its field (the clipboard where the page may use
  // it, else the field is selected for the player's own copy).
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.copy[data-copy]");
    if (!button) { return; }
    var field = document.getElementById(button.getAttribute("data-copy"));
    if (!field) { return; }
    field.focus();
    field.select();
    function said(words) { button.textContent = words; window.setTimeout(function () { button.textContent = "Copy"; }, 2000); }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(function () { said("Copied"); }, function () { said("Selected"); });
    } else {
      said(document.execCommand && document.execCommand("copy") ? "Copied" : "Selected");
    }
  });

  // Import opened from a share link: the code is in the fragment, read here only.
  function codeFromAddress() {
    var box = document.querySelector('form[action="/import"] textarea[name="text"]');
    var hash = window.location.hash.slice(1);
    if (!box || !hash) { return; }
    var code;
    try { code = decodeURIComponent(hash); } catch (e) { code = hash; }
    if (code.toLowerCase().indexOf("mythos:") !== 0) { return; }
    box.value = code;
    box.focus();
  }

  // A test-games, build or suggestions page: follow the job, then show the results.
  function follow() {
    var job = document.querySelector(".job[data-job]");
    if (!job || ["queued", "running"].indexOf(job.getAttribute("data-state")) < 0) { return; }
    var progress = job.querySelector("progress");
    var done = job.querySelector(".done");
    function poll() {
      fetch("/api/jobs/" + encodeURIComponent(job.getAttribute("data-job")), { credentials: "same-origin" })
        .then(function (response) { return response.json(); })
        .then(function (state) {
          if (progress && state.total > 0) { progress.max = state.total; progress.value = state.done; }
          if (done) { done.textContent = String(state.done); }
          if (state.state === "done" || state.state === "failed" || state.state === "cancelled") {
            window.location.reload();
          } else {
            window.setTimeout(poll, 300);
          }
        })
        .catch(function () { window.setTimeout(poll, 1000); });
    }
    poll();
  }

  function start() { follow(); codeFromAddress(); }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
  window.addEventListener("hashchange", codeFromAddress);
})();
