reearth.ui.show(`
  <style>
  @import url("https://reearth.github.io/visualizer-plugin-sample-data/public/css/preset-ui.css");
  </style>
  <div class="primary-background p-16 rounded-sm flex-column gap-8">
    <h2 id="text" style="text-align: center;"></h2>

    <!-- List -->
    <ul id="list" class="text-md flex-column gap-4"></ul>
  </div>

  <script>
    window.addEventListener("message", e => {
      const msg = e.data;
      if (msg.type === "getBlockProperty") {
        const property = msg.property;

        const textEl = document.getElementById("text");
        textEl.textContent = property?.default?.text ?? "";
        textEl.style.color = property?.default?.color ?? "";

        const listEl = document.getElementById("list");
        const items = property?.listItem;
        listEl.innerHTML = "";

        if (Array.isArray(items)) {
          items.forEach(item => {
            const li = document.createElement("li");
            li.textContent = item?.itemName ?? "";
            li.style.color = item?.color ?? "";
            li.className = "p-4 border rounded-xs";
            listEl.appendChild(li);
          });
        }
      }
    });
  </script>
`);

// Get block property values and send to UI.
// Property schema is defined in reearth.yml.
reearth.ui.postMessage({
  type: "getBlockProperty",
  property: reearth.extension.block?.property
});