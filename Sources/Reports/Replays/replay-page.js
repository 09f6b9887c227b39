(function(){
"use strict";
/* salvo:include replay-viewer-core.js */
var viewer=salvoReplayViewer(document.getElementById("replay"),function(id){return document.getElementById(id);});
var hash=/^#(\d+)$/.exec(location.hash);
viewer.show(JSON.parse(document.getElementById("replay-data").textContent),hash?Number(hash[1]):0);
})();
