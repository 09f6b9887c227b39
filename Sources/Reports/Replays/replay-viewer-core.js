function salvoReplayViewer(root,$){
var data=null,shots=[],steps=0,step=0,timer=null;
var slider=$("slider"),label=$("step-label"),info=$("shot-info"),playButton=$("play"),speed=$("speed");
var cells=[[],[]],shipOf=[{},{}],shipCell=[{},{}];
function key(x,y){return y*10+x;}
function plural(n,word){return n+" "+word+(n===1?"":"s");}
function boards(){
  cells=[[],[]];shipOf=[{},{}];shipCell=[{},{}];
  [0,1].forEach(function(seat){
    var board=$("board-"+seat),player=(data.players||[])[seat]||{};
    board.textContent="";
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
}
function render(){
  var fired=[[0,0],[0,0]];
  if(!data){return;}
  [0,1].forEach(function(seat){for(var i=0;i<100;i++){cells[seat][i].className="c"+(shipCell[seat][i]?" s":"");}});
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
  [0,1].forEach(function(seat){$("tally-"+seat).textContent=plural(fired[seat][0],"shot")+" received, "+plural(fired[seat][1],"hit");});
  root.setAttribute("data-step",String(step));
  root.setAttribute("data-steps",String(steps));
  slider.max=String(steps);slider.value=String(step);
  label.textContent="Move "+step+" of "+steps;
  if(step===0){info.textContent="Before the first move.";}
  else{
    var last=shots[step-1],shooter=((data.players||[])[last.seat]||{}).bot||("seat "+last.seat);
    var what=last.result==="sunk"?"hit and sank a ship of "+last.sunk:last.result;
    info.textContent=shooter+" fires at ("+last.x+", "+last.y+"): "+what+" · "+(last.atMilliseconds/1000).toFixed(2)+" s";
    if(step===steps){info.textContent+=" · "+$("outcome").textContent;}
  }
}
function go(n){step=Math.max(0,Math.min(steps,n));render();}
function pause(){if(timer){clearTimeout(timer);timer=null;}playButton.textContent="Play";playButton.setAttribute("aria-label","Play");}
function tick(){if(step>=steps){pause();return;}go(step+1);timer=setTimeout(tick,1000/Number(speed.value||5));}
function play(){if(!data){return;}if(step>=steps){go(0);}playButton.textContent="Pause";playButton.setAttribute("aria-label","Pause");timer=setTimeout(tick,1000/Number(speed.value||5));}
function toggle(){if(timer){pause();}else{play();}}
$("first").addEventListener("click",function(){pause();go(0);});
$("back").addEventListener("click",function(){pause();go(step-1);});
$("forward").addEventListener("click",function(){pause();go(step+1);});
$("last").addEventListener("click",function(){pause();go(steps);});
playButton.addEventListener("click",toggle);
slider.addEventListener("input",function(){pause();go(Number(slider.value));});
document.addEventListener("keydown",function(e){
  if(e.altKey||e.ctrlKey||e.metaKey||(e.target&&e.target.tagName==="INPUT"&&e.target.type==="number"))return;
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
return {
  show:function(replay,at){pause();data=replay;shots=data.shots||[];steps=shots.length;boards();go(at||0);},
  clear:function(){pause();data=null;shots=[];steps=0;step=0;},
  go:go,pause:pause
};
}
