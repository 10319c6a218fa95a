
reearth.ui.show(`
  <style>
  /* Generic styling system that provides consistent UI components and styling across all plugins */

  @import url("https://reearth.github.io/visualizer-plugin-sample-data/public/css/preset-ui.css");
  </style>
  <div class="primary-background p-16 rounded-sm flex-column gap-8">
    <p class="text-3xl font-bold">Extension 1</p>
    <div class="flex-center">
      <input id="messageInput" type="text" placeholder="Enter message"/>
      <button id="sendButton" class="btn-primary p-8">Send</button>
    </div>
    <p class="text-lg font-bold">Received Messages</p>
    <div class="secondary-background p-4 rounded-sm">
      <div id="messagesContainer" class="h-6"></div>
    </div>
  </div>

  <script>
   // Listen for UI button clicks and send message to extension
    document.getElementById("sendButton").addEventListener("click", () => {
      const input = document.getElementById("messageInput");
      const message = input.value.trim();
      if (message) {
      // Send message from UI to extension
        parent.postMessage({ type: "send", message }, "*");
        input.value = "";
      }
    });

     // Listen for messages from extension to update UI
    window.addEventListener("message", (e) => {
      const msg = e.data;
      if (msg.type === "received") {
        const container = document.getElementById("messagesContainer");
        const div = document.createElement("div");
        div.textContent = msg.message;
        div.style.margin = "4px 0";
        container.appendChild(div);
      }
    });
  </script>
`);

// Handle messages from UI to send to other extension
// Documentation on Extension "on" event https://visualizer.developer.reearth.io/plugin-api/extension/#message-1
reearth.extension.on("message", msg => {
  if (msg.type === "send") {
  // Documentation on Extension List https://visualizer.developer.reearth.io/plugin-api/extension/#list
    const extensions = reearth.extension.list;
    const target = extensions.find(ext => ext.extensionId === "extension-2");
    if (target) {
    // Documentation on Extension "postMessage" method https://visualizer.developer.reearth.io/plugin-api/extension/#postmessage
      reearth.extension.postMessage(target.id, msg.message);
    }
  }
});

// Handle messages received from other extension
reearth.extension.on("extensionMessage", msg => {
  reearth.ui.postMessage({
    type: "received",
    message: msg.data
  });
});