(function(){
"use strict";
var root=document.getElementById("replay");
var packSize=Number(root.getAttribute("data-pack-size"))||1000,limit=Number(root.getAttribute("data-index-limit"))||0;
var tournament=root.getAttribute("data-tournament")||"";
var packs={},waiting={},failed={},unreadable=false,current=-1,data=null;
function $(id){return document.getElementById(id);}
/* salvo:include replay-viewer-core.js */
var viewer=salvoReplayViewer(root,$);
function pad(n){var s=String(n);while(s.length<4){s="0"+s;}return s;}
function settle(number,pack){
  if(pack){packs[number]=pack;}else{failed[number]=true;}
  var w=waiting[number]||[];delete waiting[number];
  w.forEach(function(f){f();});
}
function inflate(base64){
  var text=atob(base64),bytes=new Uint8Array(text.length);
  for(var i=0;i<text.length;i++){bytes[i]=text.charCodeAt(i);}
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"))).text();
}
window.salvoReplayPack=function(pack){
  if(pack.deflate===undefined){settle(pack.pack,pack);return;}
  if(typeof DecompressionStream==="undefined"){unreadable=true;settle(pack.pack,null);return;}
  inflate(pack.deflate).then(function(text){settle(pack.pack,JSON.parse(text));},function(){unreadable=true;settle(pack.pack,null);});
};
function load(number,done){
  if(packs[number]||failed[number]){done();return;}
  if(waiting[number]){waiting[number].push(done);return;}
  waiting[number]=[done];
  var script=document.createElement("script");
  script.src="pack-"+pad(number)+".js";
  script.onerror=function(){failed[number]=true;var w=waiting[number]||[];delete waiting[number];w.forEach(function(f){f();});};
  document.head.appendChild(script);
}
function cellsOf(text){var out=[];for(var i=0;i+1<text.length;i+=2){out.push({x:Number(text[i]),y:Number(text[i+1])});}return out;}
function shipsOf(text){
  var out=[];
  for(var i=0;i+3<text.length;i+=4){out.push({length:Number(text[i+2]),x:Number(text[i]),y:Number(text[i+1]),orientation:text[i+3]==="h"?"horizontal":"vertical"});}
  return out;
}
function offsetsOf(text){
  var out=[],i=0;
  while(i<text.length){
    var c=text.charCodeAt(i);
    if(c===40){var end=text.indexOf(")",i);out.push(Number(text.slice(i+1,end)));i=end+1;continue;}
    out.push(c<58?c-48:(c>=97?c-97+10:c-65+36));i++;
  }
  return out;
}
function shotsOf(text,times){
  var out=[],t=0,i=0,n=0;
  while(i+2<text.length){
    var code=text[i+2],lower=code.toLowerCase(),sunk=0;
    if(lower==="s"){sunk=Number(text[i+3]);}
    t+=times[n]||0;
    out.push({seat:code===lower?0:1,x:Number(text[i]),y:Number(text[i+1]),result:lower==="m"?"miss":(lower==="s"?"sunk":"hit"),sunk:sunk,atMilliseconds:t});
    i+=lower==="s"?4:3;n++;
  }
  return out;
}
function replayOf(pack,g){
  var players=[g[6],g[7]].map(function(p,seat){
    if(!p){return {seat:seat,bot:"seat "+seat};}
    var bot=pack.names[p[0]],ships=p[3]?shipsOf(p[3]):null,shipCells=p[4]?cellsOf(p[4]):null;
    if(ships&&!shipCells){
      shipCells=[];
      ships.forEach(function(s){for(var i=0;i<s.length;i++){shipCells.push({x:s.x+(s.orientation==="horizontal"?i:0),y:s.y+(s.orientation==="vertical"?i:0)});}});
    }
    return {seat:seat,bot:bot,serverName:p[1]===null?bot:p[1],boardSeed:p[2],shipCells:shipCells,ships:ships,shipsSource:p[5],version:p.length>6?p[6]:null};
  });
  var termination={w:"win",f:"forfeit",n:"no-result"}[g[10]]||"no-result";
  return {index:g[0],gameId:g[1],gameName:g[2],server:pack.servers[g[3]],startedAt:g[4],durationMilliseconds:g[5],players:players,
    shots:shotsOf(g[8],offsetsOf(g[9])),outcome:{termination:termination,winnerSeat:g[11],winner:g[11]===null?null:players[g[11]].bot,reason:g[12],forfeitKind:g[13]}};
}
function find(index){
  var pack=packs[Math.floor(index/packSize)];
  if(!pack){return null;}
  for(var i=0;i<pack.games.length;i++){if(pack.games[i][0]===index){return replayOf(pack,pack.games[i]);}}
  return null;
}
function stamp(seconds){var d=new Date(seconds*1000).toISOString();return d.slice(0,10)+" "+d.slice(11,16)+" UTC";}
function versionsText(){
  var named=data.players.filter(function(p){return p.version;});
  return named.length?" · "+named.map(function(p){return p.bot+" version "+p.version;}).join(", "):"";
}
function header(){
  var names=data.players.map(function(p){return p.bot;});
  $("game-title").textContent=names[0]+" vs "+names[1];
  document.title="Game "+data.index+": "+names[0]+" vs "+names[1]+" · "+tournament;
  $("name-0").textContent=names[0];$("name-1").textContent=names[1];
  var meta="Game "+data.index+" of "+tournament+" · "+data.gameName+(data.gameId?" · id "+data.gameId:"")+versionsText()+" · started "+stamp(data.startedAt)+" · "+(data.durationMilliseconds/1000).toFixed(1)+" s";
  $("game-meta").textContent=meta;
  var o=data.outcome,outcome=$("outcome"),winner=document.createElement("b");
  outcome.textContent="";winner.textContent=o.winner===null?"?":o.winner;
  if(o.termination==="win"){
    var fired=data.shots.filter(function(s){return s.seat===o.winnerSeat;}).length;
    outcome.appendChild(winner);outcome.appendChild(document.createTextNode(" won by sinking the fleet in "+fired+" shots."));
  }else if(o.termination==="forfeit"){
    outcome.appendChild(winner);
    outcome.appendChild(document.createTextNode(" won by forfeit"+(o.forfeitKind?" ("+o.forfeitKind+")":"")+": "+(o.reason||"no reason given")));
  }else{
    outcome.textContent="No result: "+(o.reason||"no reason given");
  }
}
function links(index){
  $("previous-game").setAttribute("href","#game="+Math.max(0,index-1));
  $("next-game").setAttribute("href","#game="+(index+1));
  $("game-number").value=String(index);
}
function show(index,at){
  viewer.pause();
  current=index;links(index);
  root.setAttribute("data-game",String(index));
  root.setAttribute("data-state","loading");
  load(Math.floor(index/packSize),function(){
    if(current!==index){return;}
    data=find(index);
    if(!data){
      viewer.clear();
      $("game-title").textContent=unreadable?"This browser cannot open the packed replays":"Game "+index+" is not in this report";
      $("game-meta").textContent=unreadable?"It lacks DecompressionStream (Chromium 80, Firefox 113, Safari 16.4 and later have it); salvo replay "+index+" --format html exports the game as a page of its own."
        :(limit>0?"Its games are numbered 0 to "+(limit-1)+"; a game never played has no replay.":"");
      $("outcome").textContent="";
      root.setAttribute("data-steps","0");root.setAttribute("data-step","0");
      root.setAttribute("data-state","missing");
      return;
    }
    header();
    root.setAttribute("data-state","ready");
    viewer.show(data,at);
  });
}
function route(){
  var m=/^#game=(\d+)(?:&(?:move|shot)=(\d+))?$/.exec(location.hash);
  var index=m?Number(m[1]):0,at=m&&m[2]?Number(m[2]):0;
  if(index!==current||!data){show(index,at);}else{viewer.go(at);}
}
$("open-form").addEventListener("submit",function(e){e.preventDefault();var n=Number($("game-number").value);if(n>=0){location.hash="#game="+Math.floor(n);}});
window.addEventListener("hashchange",route);
route();
})();
