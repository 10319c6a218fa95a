reearth.ui.show(`
  <style>
  /* Generic styling system that provides consistent UI components and styling across all plugins */

  @import url("https://reearth.github.io/visualizer-plugin-sample-data/public/css/preset-ui.css");
  </style>
  <div id="wrapper">
    <h2 id="text" style="text-align: center;"></h2>
  </div>

  <script>
    window.addEventListener("message", e => {
      const msg = e.data;
      if (msg.type === "getBlockProperty") {
        document.getElementById("text").textContent = msg.property?.default?.text ?? "";
        document.getElementById("text").style.color = msg.property?.default?.color ?? "";
      }
    });
  </script>
`);

// Get block property values and send to UI.
// Property schema is defined in reearth.yml.
// Documentation on UI "postMessage" method: https://visualizer.developer.reearth.io/plugin-api/ui/#postmessage
reearth.ui.postMessage({
  type: "getBlockProperty",
  // Documentation on Extension Block https://visualizer.developer.reearth.io/plugin-api/extension/#block
  property: reearth.extension.block?.property
});