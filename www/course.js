// The sample course page (course.html): listens to its two Fleetlab frames.
// Only messages from our own frames, and only Fleetlab's: the data is read,
// never run.
var frames = Array.prototype.slice.call(document.querySelectorAll("iframe[data-fleetlab]"));
var log = document.getElementById("log");
window.fleetlabEvents = [];
addEventListener("message", function (e) {
  var frame = frames.filter(function (f) { return f.contentWindow === e.source; })[0];
  var d = e.data;
  if (!frame || !d || d.source !== "fleetlab") return;
  window.fleetlabEvents.push({ frame: frame.id, data: d });
  if (d.type === "height" && d.height > 0) frame.style.height = d.height + "px";
  var li = document.createElement("li");
  li.setAttribute("data-type", d.type);
  li.setAttribute("data-frame", frame.id);
  var rest = {};
  Object.keys(d).forEach(function (k) { if (k !== "source" && k !== "type") rest[k] = d[k]; });
  li.textContent = frame.id + " · " + d.type + " " + JSON.stringify(rest);
  log.appendChild(li);
  log.scrollTop = log.scrollHeight;
});
