/// The replay page's script, inlined in every stand-alone replay page: it reads the page's
/// embedded replay (`#replay-data`) and shows it with the viewer's core
/// (``ReplayViewerCore``), at shot N for `#N`.
enum ReplayViewerScript {
    static let source = #"""
    (function(){
    "use strict";
    \#(ReplayViewerCore.source)
    var viewer=salvoReplayViewer(document.getElementById("replay"),function(id){return document.getElementById(id);});
    var hash=/^#(\d+)$/.exec(location.hash);
    viewer.show(JSON.parse(document.getElementById("replay-data").textContent),hash?Number(hash[1]):0);
    })();
    """#
}
