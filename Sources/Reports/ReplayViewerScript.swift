/// The replay viewer's script, inlined in every replay page. It reads the page's embedded
/// replay (`#replay-data`), draws both boards and moves through the shots; it writes outside
/// text only through `textContent`.
enum ReplayViewerScript {
    static let source = #"""
    (function(){
    "use strict";
    var data=JSON.parse(document.getElementById("replay-data").textContent);
    var root=document.getElementById("replay");
    var shots=data.shots||[],steps=shots.length,step=0,timer=null;
    var slider=document.getElementById("slider"),label=document.getElementById("step-label");
    var info=document.getElementById("shot-info"),playButton=document.getElementById("play");
    var speed=document.getElementById("speed");
    var cells=[[],[]],shipOf=[{},{}],shipCell=[{},{}];
    function key(x,y){return y*10+x;}
    [0,1].forEach(function(seat){
      var board=document.getElementById("board-"+seat),player=(data.players||[])[seat]||{};
      (player.shipCells||[]).forEach(function(c){shipCell[seat][key(c.x,c.y)]=true;});
      (player.ships||[]).forEach(function(ship,n){
        for(var i=0;i<ship.length;i++){
          var x=ship.x+(ship.orientation==="horizontal"?i:0),y=ship.y+(ship.orientation==="vertical"?i:0);
          shipOf[seat][key(x,y)]=n;
        }
      });
      for(var row=-1;row<10;row++){for(var col=-1;col<10;col++){
        var d=document.createElement("div");
        if(row<0||col<0){d.className="lab";d.textContent=row<0&&col>=0?String(col):(col<0&&row>=0?String(row):"");}
        else{cells[seat][key(col,row)]=d;d.title="("+col+", "+row+")";}
        board.appendChild(d);
      }}
    });
    function render(){
      var fired=[[0,0],[0,0]];
      [0,1].forEach(function(seat){
        for(var i=0;i<100;i++){cells[seat][i].className="c"+(shipCell[seat][i]?" s":"");}
      });
      for(var n=0;n<step;n++){
        var s=shots[n],seat=1-s.seat,k=key(s.x,s.y),cell=cells[seat]&&cells[seat][k];
        if(!cell)continue;
        fired[seat][0]++;
        if(s.result!=="miss"){fired[seat][1]++;cell.classList.add("h");}else{cell.classList.add("m");}
        if(s.sunk>0&&shipOf[seat][k]!==undefined){
          var ship=shipOf[seat][k];
          for(var c in shipOf[seat]){if(shipOf[seat][c]===ship){cells[seat][c].classList.add("k");}}
        }
        if(n===step-1){cell.classList.add("l");}
      }
      [0,1].forEach(function(seat){
        document.getElementById("tally-"+seat).textContent=fired[seat][0]+" shots received, "+fired[seat][1]+" hits";
      });
      root.setAttribute("data-step",String(step));
      root.setAttribute("data-steps",String(steps));
      slider.value=String(step);
      label.textContent="Shot "+step+" of "+steps;
      if(step===0){info.textContent="Before the first shot.";}
      else{
        var last=shots[step-1],shooter=((data.players||[])[last.seat]||{}).bot||("seat "+last.seat);
        var what=last.result==="sunk"?"hit and sank a ship of "+last.sunk:last.result;
        info.textContent=shooter+" fires at ("+last.x+", "+last.y+"): "+what+" · "+(last.atMilliseconds/1000).toFixed(2)+" s";
        if(step===steps){info.textContent+=" · "+document.getElementById("outcome").textContent;}
      }
    }
    function go(n){step=Math.max(0,Math.min(steps,n));render();}
    function pause(){if(timer){clearTimeout(timer);timer=null;}playButton.textContent="Play";playButton.setAttribute("aria-label","Play");}
    function tick(){if(step>=steps){pause();return;}go(step+1);timer=setTimeout(tick,1000/Number(speed.value||5));}
    function play(){if(step>=steps){go(0);}playButton.textContent="Pause";playButton.setAttribute("aria-label","Pause");timer=setTimeout(tick,1000/Number(speed.value||5));}
    function toggle(){if(timer){pause();}else{play();}}
    document.getElementById("first").addEventListener("click",function(){pause();go(0);});
    document.getElementById("back").addEventListener("click",function(){pause();go(step-1);});
    document.getElementById("forward").addEventListener("click",function(){pause();go(step+1);});
    document.getElementById("last").addEventListener("click",function(){pause();go(steps);});
    playButton.addEventListener("click",toggle);
    slider.addEventListener("input",function(){pause();go(Number(slider.value));});
    document.addEventListener("keydown",function(e){
      if(e.altKey||e.ctrlKey||e.metaKey)return;
      switch(e.key){
        case "ArrowRight":pause();go(step+1);break;
        case "ArrowLeft":pause();go(step-1);break;
        case " ":case "Spacebar":toggle();break;
        case "Home":pause();go(0);break;
        case "End":pause();go(steps);break;
        default:return;
      }
      e.preventDefault();
    });
    var hash=/^#(\d+)$/.exec(location.hash);
    go(hash?Number(hash[1]):0);
    })();
    """#
}
